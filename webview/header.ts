import type { ReviewView, RunHeader, ScoreHeader } from '../src/core/protocol/review';
import { el, icon, setText } from '../webview-kit/dom';
import { count, percentOfItems, pointDelta } from './format';
import { metricLabel } from './referenceScores';

export interface HeaderActions {
  readonly onRefresh: () => void;
  readonly onExport: () => void;
  readonly onHelp: () => void;
  readonly onBlind: () => void;
  readonly onGuidelines: () => void;
  readonly onJudgePrompt: () => void;
}

interface Stat {
  readonly root: HTMLElement;
  readonly value: HTMLElement;
  readonly detail: HTMLElement;
}

function stat(name: string, caption: string): Stat {
  const value = el('span', { class: 'stat-value' });
  const detail = el('span', { class: 'stat-detail' });
  const root = el('div', { class: `stat stat-${name}`, role: 'group', 'aria-label': caption }, [
    el('span', { class: 'stat-caption', 'aria-hidden': 'true' }, caption),
    el('span', { class: 'stat-line' }, [value, detail]),
  ]);
  return { root, value, detail };
}

/** The run (benchmark, model, judge), both scores live, and the review's progress. */
export class HeaderView {
  readonly element: HTMLElement;
  private readonly benchmark = el('span', { class: 'run-benchmark' });
  private readonly model = el('h1', { class: 'run-model' });
  private readonly judge = el('span', { class: 'run-judge' });
  private readonly status = el('span', { class: 'run-status' });
  private readonly who = el('span', { class: 'run-who' });
  private readonly automatic = stat('automatic', 'Automatic');
  private readonly adjudicated = stat('adjudicated', 'Adjudicated');
  private readonly reviewed = stat('reviewed', 'Reviewed');
  private readonly conflicts = stat('conflicts', 'Conflicts');
  private readonly stale = stat('stale', 'Stale');
  private readonly flagged = stat('flagged', 'Flagged');
  private previous: ScoreHeader | undefined;
  private blind = false;
  private readonly blindButton: HTMLButtonElement;
  private readonly blindText = el('span', { class: 'blind-text' }, 'Blind');
  private readonly promptButton: HTMLElement;

  constructor(actions: HeaderActions) {
    this.blindButton = el(
      'button',
      {
        type: 'button',
        class: 'blind-toggle',
        'aria-pressed': 'false',
        'aria-keyshortcuts': 'b',
        title: 'Blind review: hide automatic verdicts and scores until you decide (b)',
      },
      [icon('eye', 'blind-icon'), this.blindText],
    );
    this.blindButton.addEventListener('click', actions.onBlind);
    const guidelines = el('vscode-toolbar-button', {
      icon: 'book',
      label: 'Annotation guidelines (g)',
      title: 'Annotation guidelines (g)',
      class: 'guidelines-button',
    });
    this.promptButton = el('vscode-toolbar-button', {
      icon: 'symbol-file',
      label: 'Judge prompt (p)',
      title: 'Judge prompt (p)',
      class: 'judge-prompt-button',
    });
    guidelines.addEventListener('click', actions.onGuidelines);
    this.promptButton.addEventListener('click', actions.onJudgePrompt);
    const refresh = el('vscode-toolbar-button', { icon: 'refresh', label: 'Reload the run from disk', title: 'Reload the run from disk' });
    const exportButton = el('vscode-toolbar-button', {
      icon: 'export',
      label: 'Export adjudicated scores',
      title: 'Export adjudicated scores',
    });
    const help = el('vscode-toolbar-button', { icon: 'keyboard', label: 'Keyboard shortcuts (?)', title: 'Keyboard shortcuts (?)' });
    refresh.addEventListener('click', actions.onRefresh);
    exportButton.addEventListener('click', actions.onExport);
    help.addEventListener('click', actions.onHelp);
    this.element = el('header', { class: 'header' }, [
      el('div', { class: 'run' }, [
        el('div', { class: 'run-title' }, [this.benchmark, this.model]),
        el('div', { class: 'run-meta' }, [this.judge, this.status, this.who]),
      ]),
      el('div', { class: 'stats' }, [
        this.automatic.root,
        this.adjudicated.root,
        this.reviewed.root,
        this.conflicts.root,
        this.stale.root,
        this.flagged.root,
      ]),
      el('div', { class: 'header-actions', role: 'toolbar', 'aria-label': 'Run actions' }, [
        this.blindButton,
        guidelines,
        this.promptButton,
        refresh,
        exportButton,
        help,
      ]),
    ]);
  }

  setRun(run: RunHeader, view: ReviewView, annotator: string, role: 'annotator' | 'adjudicator'): void {
    const name = view.title;
    setText(this.benchmark, view.showTask && run.task !== '' ? `${name} · ${run.task}` : name);
    setText(this.model, run.model);
    this.model.title = run.runId;
    const scoredBy =
      run.primaryMetric && view.metricVerdict !== undefined
        ? view.metricVerdict.replace('{metric}', metricLabel(run.primaryMetric))
        : run.task === 'mc'
          ? 'multiple choice: log-probs, no verdict'
          : 'no judge';
    setText(this.judge, run.judge !== null ? `judged by ${run.judge}` : view.automatic === 'metric' ? scoredBy : 'no judge');
    setText(this.status, run.status);
    const doing = role === 'adjudicator' ? 'adjudicating' : 'annotating';
    setText(this.who, annotator === '' ? `${doing}: your name is asked at your first decision` : `${doing} as ${annotator}`);
    // A narrow panel shortens these with an ellipsis: the tooltip keeps each whole.
    for (const part of [this.judge, this.status, this.who]) part.title = part.textContent;
    const promptLabel = view.automatic === 'metric' ? 'How this run was scored (p)' : 'Judge prompt (p)';
    this.promptButton.setAttribute('label', promptLabel);
    this.promptButton.setAttribute('title', promptLabel);
  }

  setBlind(blind: boolean): void {
    this.blindButton.setAttribute('aria-pressed', blind ? 'true' : 'false');
    this.blindButton.classList.toggle('is-on', blind);
    const glyph = this.blindButton.querySelector('.blind-icon');
    glyph?.classList.toggle('codicon-eye-closed', blind);
    glyph?.classList.toggle('codicon-eye', !blind);
    setText(this.blindText, blind ? 'Blind: on' : 'Blind');
    this.blind = blind;
    if (this.previous !== undefined) this.showScores(this.previous);
  }

  /** Shows new scores; returns what a screen reader should hear about the change ('' when nothing did). */
  setScores(header: ScoreHeader): string {
    const before = this.previous;
    this.previous = header;
    this.showScores(header);
    if (before === undefined) return '';
    const parts: string[] = [];
    if (!this.blind && before.adjudicatedAccuracy !== header.adjudicatedAccuracy)
      parts.push(`Adjudicated accuracy ${percentOfItems(header.adjudicatedAccuracy, header.items)}`);
    if (before.reviewedItems !== header.reviewedItems) parts.push(`${count(header.reviewedItems)} of ${count(header.items)} reviewed`);
    if (before.conflicts !== header.conflicts) parts.push(`${count(header.conflicts)} conflicts`);
    return parts.join(', ');
  }

  private showScores(header: ScoreHeader): void {
    const mc = header.mc;
    const mcText = mc === undefined ? '' : `MC1 ${percentOfItems(mc.mc1, mc.scored)} · MC2 ${percentOfItems(mc.mc2, mc.scored)}`;
    const hide = this.blind && header.verdicts !== false;
    for (const score of [this.automatic, this.adjudicated]) {
      score.root.classList.toggle('is-hidden', hide);
      if (hide) score.root.title = 'Hidden in blind review (b shows it)';
      else score.root.removeAttribute('title');
    }
    if (hide) {
      // Both scores are mostly the automatic verdicts until the review is done: blind review hides them.
      for (const score of [this.automatic, this.adjudicated]) {
        setText(score.value, 'hidden');
        setText(score.detail, '');
      }
    } else if (header.verdicts === false) {
      // Kalahi MC only: no verdict to adjudicate, so the scores are MC1 and MC2, and review is flags and notes.
      setText(this.automatic.value, mc === undefined ? '—' : percentOfItems(mc.mc1, mc.scored));
      setText(this.automatic.detail, mc === undefined ? '' : `MC1 (MC2 ${percentOfItems(mc.mc2, mc.scored)})`);
      setText(this.adjudicated.value, '—');
      setText(this.adjudicated.detail, 'flags and notes only');
      this.adjudicated.detail.title = 'Multiple-choice items have no verdict to override';
    } else {
      setText(this.automatic.value, percentOfItems(header.automaticAccuracy, header.items));
      setText(this.automatic.detail, mcText);
      setText(this.adjudicated.value, percentOfItems(header.adjudicatedAccuracy, header.items));
      setText(this.adjudicated.detail, header.items === 0 ? '' : pointDelta(header.automaticAccuracy, header.adjudicatedAccuracy));
      this.adjudicated.detail.title = 'Adjudicated minus automatic accuracy';
    }
    setText(this.reviewed.value, count(header.reviewedItems));
    setText(this.reviewed.detail, `/ ${count(header.items)}`);
    this.reviewed.root.title = `${count(header.reviewedItems)} items with a human verdict (a flag or a note alone leaves an item to do); ${count(header.adjudicatedItems)} with a final human verdict`;
    setText(this.conflicts.value, count(header.conflicts));
    setText(this.stale.value, count(header.stale));
    setText(this.flagged.value, count(header.flagged));
    this.conflicts.root.classList.toggle('is-nonzero', header.conflicts > 0);
    this.stale.root.classList.toggle('is-nonzero', header.stale > 0);
    this.flagged.root.classList.toggle('is-nonzero', header.flagged > 0);
  }
}
