import { reviewProgress } from '../core/adjudication/adjudicatedScore';
import { type GradedScore } from '../core/adjudication/gradedScore';
import { type RunSummary } from '../core/summary/runSummary';

/** A running run whose results grew this recently is shown as active (a spinning icon). */
export const ACTIVE_WITHIN_MS = 30_000;

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}

const figure = (x: number | null): string => (x === null ? 'n/a' : String(Number(x.toFixed(4))));

/** A graded run's scores: the source's own figure where it has one (SEA-HELM's average_criteria_score), else the mean grade. */
function gradedTexts(g: GradedScore): { short: string; automatic: string; adjudicated: string } {
  const nulls = (c: GradedScore['automatic']['counts']): string =>
    `over ${c.graded} graded items; null ${c.null}, error ${c.error}, missing ${c.missing}, left out`;
  const own = g.figure;
  const sourceLine = (side: 'automatic' | 'adjudicated'): string => (own === null ? '' : `; ${own.name} ${figure(own[side].value)}`);
  return {
    short:
      own === null
        ? `mean ${figure(g.automatic.mean)} · adj ${figure(g.adjudicated.mean)}`
        : `${own.name} ${figure(own.automatic.value)} · adj ${figure(own.adjudicated.value)}`,
    automatic: `mean grade ${figure(g.automatic.mean)} (${nulls(g.automatic.counts)})${sourceLine('automatic')}`,
    adjudicated: `mean grade ${figure(g.adjudicated.mean)} (with a human grade: ${g.adjudicated.decided} items${g.criteria.total > 0 ? `, ${g.criteria.decided} of ${g.criteria.total} criteria` : ''})${sourceLine('adjudicated')}`,
  };
}

/** A code span holding `text` as it is: Markdown escapes are not read inside one, so none are written. */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${text.replace(/\r?\n/g, ' ')} ${fence}`;
}

/** A run's state, each with one icon that means only that (the legend in every tooltip lists them). */
export type RunState = 'active' | 'idle' | 'stopped' | 'incomplete' | 'item-errors' | 'finished' | 'imported';

export const RUN_STATE_ICONS: Readonly<Record<RunState, { readonly icon: string; readonly meaning: string }>> = {
  active: { icon: 'loading~spin', meaning: 'running' },
  idle: { icon: 'debug-pause', meaning: 'running, but no new result for a while' },
  stopped: { icon: 'error', meaning: 'stopped on an error' },
  incomplete: { icon: 'circle-slash', meaning: 'cancelled: items without a result' },
  'item-errors': { icon: 'warning', meaning: 'finished, some items have errors' },
  finished: { icon: 'pass', meaning: 'finished' },
  imported: { icon: 'cloud-download', meaning: 'imported' },
};
export interface RunTexts {
  readonly description: string;
  /** The tooltip's Markdown, escaped. */
  readonly tooltip: string;
  readonly active: boolean;
  readonly state: RunState;
  /** The codicon of the state. */
  readonly icon: string;
}

function runState(s: RunSummary, active: boolean): RunState {
  if (s.status === 'running') return active ? 'active' : 'idle';
  if (s.status === 'error') return 'stopped';
  if (s.status === 'imported') return 'imported';
  if (s.automatic.counts.missing > 0 || s.status === 'cancelled') return 'incomplete';
  return s.automatic.counts.error > 0 ? 'item-errors' : 'finished';
}

/**
 * What the Runs view says of a run. `blind`: blind review is on in the window (the setting, or a review
 * panel's toggle): no automatic or adjudicated score, and no count of verdicts, shows. The icon says the
 * run's state only; how much is reviewed is in the description.
 */
export function runTexts(dir: string, s: RunSummary, idleMs: number, blind: boolean): RunTexts {
  const done = s.items - s.automatic.counts.missing;
  const running = s.status === 'running';
  const active = running && idleMs <= ACTIVE_WITHIN_MS;
  const state = runState(s, active);
  const percent = s.items === 0 ? 100 : Math.floor((100 * done) / s.items);
  const progress = running
    ? `${done}/${s.items} (${percent}%)${active ? '' : ', no new result for a while'}`
    : done === s.items
      ? `${s.items} items`
      : `${done}/${s.items}`;
  // A graded run's binary accuracy counts nothing but nulls: it shows its grades instead.
  const graded = s.graded === undefined ? undefined : gradedTexts(s.graded);
  const scores = blind
    ? 'scores hidden (blind review)'
    : (graded?.short ?? `auto ${pct(s.automatic.accuracy)} · adj ${pct(s.adjudicated.accuracy)}`);
  const description = `${state === 'stopped' ? 'stopped on an error · ' : ''}${s.benchmark} · ${progress} · ${scores} · ${s.adjudicated.reviewed}/${s.items} reviewed`;
  const c = s.automatic.counts;
  const lines = [
    `**${escapeMarkdown(s.model ?? 'model')}** on ${s.benchmark}: $(${RUN_STATE_ICONS[state].icon}) ${RUN_STATE_ICONS[state].meaning}\n\n`,
  ];
  if (s.stoppedBy !== undefined) lines.push(`- stopped ${escapeMarkdown(s.stoppedBy.time)}: ${escapeMarkdown(s.stoppedBy.message)}\n`);
  if (running)
    lines.push(
      `- progress: ${done} of ${s.items} items (${percent}%)${active ? '' : `; no new result in the last ${Math.round(ACTIVE_WITHIN_MS / 1000)} s: the run may have stopped`}\n`,
    );
  if (!active && (c.missing > 0 || c.error > 0) && s.status !== 'imported')
    lines.push(`- go on with *Resume Run* (${c.missing} without a result) or *Retry Errors* (${c.error}) in this run's context menu\n`);
  if (blind) lines.push(`- automatic and adjudicated scores: hidden while blind review is on (error ${c.error}, missing ${c.missing})\n`);
  else if (graded !== undefined) lines.push(`- automatic: ${escapeMarkdown(graded.automatic)}\n`);
  else
    lines.push(
      `- automatic: ${pct(s.automatic.accuracy)} (true ${c.true}, false ${c.false}, null ${c.null}, error ${c.error}, missing ${c.missing})\n`,
    );
  lines.push(`- reviewed: ${reviewProgress(s.adjudicated, s.items, graded === undefined ? 'verdict' : 'grade')}\n`);
  const problems = `${s.adjudicated.conflicts} conflicts, ${s.adjudicated.stale} stale, ${s.adjudicated.flagged} flagged`;
  const adjudicated = graded === undefined ? pct(s.adjudicated.accuracy) : escapeMarkdown(graded.adjudicated);
  lines.push(blind ? `- adjudicated: ${problems}\n` : `- adjudicated: ${adjudicated} (${problems})\n`);
  if (s.judge) lines.push(`- judge: ${escapeMarkdown(s.judge)}\n`);
  lines.push(`\n${codeSpan(dir)}\n\n`);
  lines.push(
    `Icons: ${Object.values(RUN_STATE_ICONS)
      .map((i) => `$(${i.icon}) ${i.meaning}`)
      .join(' · ')}`,
  );
  return { description, tooltip: lines.join(''), active, state, icon: RUN_STATE_ICONS[state].icon };
}
