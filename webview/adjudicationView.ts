import type { CategoryId, Decision, ItemDetail } from '../src/core/protocol/review';
import { verdictValue } from './badges';
import { el, setText } from '../webview-kit/dom';
import { type AnnotatorsContext, annotatorItems, finalVerdictParts } from './othersDecisions';
import { GradeBar } from './gradeBar';
import type { Grade } from './gradedScale';
import { describeGrade, finalGradeParts, shownGradeOf } from './gradedAdjudication';
import { CriteriaView } from './criteriaView';

export interface AdjudicationActions {
  /** true / false / null, or undefined to record no decision (skip). */
  readonly setVerdict: (verdict: boolean | null | undefined) => void;
  readonly openFlagChooser: () => void;
  readonly saveNote: (note: string) => void;
  /** Focus leaves the note (Escape, Ctrl+Enter): where it should go. */
  readonly leaveNote: () => void;
  readonly undo: () => void;
  /** A graded run: a grade for the item or its selected criterion (null: none parsable; undefined: skip). */
  readonly setGrade: (grade: Grade | undefined) => void;
  /** A criterion clicked in the list. */
  readonly selectCriterion: (index: number) => void;
}

export interface AdjudicationContext extends AnnotatorsContext {
  /** What the grade bar decides on an item with criteria: the selected criterion, and this annotator's state on it. */
  readonly criterion?: { readonly label: string; readonly mine: Decision | null };
}

const NOTE_MAX = 100_000;

interface VerdictChoice {
  readonly verdict: boolean | null | undefined;
  readonly label: string;
  readonly key: string;
  readonly icon: string;
}

const CHOICES: readonly VerdictChoice[] = [
  { verdict: true, label: 'True', key: 't', icon: 'check' },
  { verdict: false, label: 'False', key: 'f', icon: 'close' },
  { verdict: null, label: 'Null', key: 'n', icon: 'question' },
  { verdict: undefined, label: 'No decision', key: 's', icon: 'debug-step-over' },
];

/** Describes a decision in words: "verdict true", "no verdict yet (flagged)", "no decision (skipped)", "not reviewed yet". */
function describe(decision: Decision | null): string {
  if (decision === null) return 'not reviewed yet';
  if (!('verdict' in decision) || decision.verdict === undefined) {
    // A flag or a note given without a verdict is not a skip: the verdict is still to give.
    const given = [decision.hallucination !== null ? 'flagged' : '', decision.note.trim() !== '' ? 'a note' : ''].filter((w) => w !== '');
    return given.length === 0 ? 'no decision (skipped)' : `no verdict yet (${given.join(', ')})`;
  }
  return `verdict ${String(decision.verdict)}`;
}

/**
 * The adjudication area: this annotator's verdict, flag and note; the final verdict and every
 * annotator's state. The app owns the decision; this view shows it and reports what the user does.
 */
export class AdjudicationView {
  readonly element: HTMLElement;
  readonly flagAnchor: HTMLElement;
  private readonly actions: AdjudicationActions;
  private readonly verdictButtons: HTMLElement[];
  private readonly verdictGroup: HTMLElement;
  private readonly flagsOnly = el(
    'p',
    { class: 'flags-only', hidden: true },
    'Multiple choice: no verdict to give. Flag what looks wrong (h) and leave a note (e).',
  );
  private readonly flagButton: HTMLElement;
  private readonly flagText = el('span', { class: 'flag-current' });
  private readonly undoButton: HTMLElement;
  private readonly note: HTMLElement & { value: string; disabled: boolean };
  private readonly noteStatus = el('span', { class: 'note-status', 'aria-live': 'off' });
  private readonly summary = el('span', { class: 'decision-summary' });
  private readonly finalBox = el('div', { class: 'final' });
  private readonly others = el('ul', { class: 'annotators', 'aria-label': 'Annotators' });
  private readonly finalTitle = el('h3', { class: 'subheading' }, 'Final verdict');
  readonly gradeBar: GradeBar;
  readonly criteria: CriteriaView;
  private decision: Decision | null = null;
  private itemId: string | null = null;
  private ready = false;

  constructor(actions: AdjudicationActions) {
    this.actions = actions;
    this.verdictButtons = CHOICES.map((choice) => {
      const button = el(
        'vscode-button',
        {
          class: 'verdict-button',
          secondary: true,
          icon: choice.icon,
          'aria-pressed': 'false',
          'aria-keyshortcuts': choice.key,
          title: `${choice.label} (${choice.key})`,
        },
        [choice.label, el('kbd', { class: 'key-hint', 'aria-hidden': 'true' }, choice.key)],
      );
      button.addEventListener('click', () => {
        if (this.ready) this.actions.setVerdict(choice.verdict);
      });
      return button;
    });
    this.flagButton = el(
      'vscode-button',
      {
        class: 'flag-button',
        secondary: true,
        icon: 'flag',
        'aria-haspopup': 'menu',
        'aria-keyshortcuts': 'h',
        title: 'Flag a cultural hallucination (h)',
      },
      ['Flag…', el('kbd', { class: 'key-hint', 'aria-hidden': 'true' }, 'h')],
    );
    this.flagButton.addEventListener('click', () => {
      if (this.ready) this.actions.openFlagChooser();
    });
    this.undoButton = el(
      'vscode-button',
      { class: 'undo-button', secondary: true, icon: 'discard', 'aria-keyshortcuts': 'u', title: 'Undo your last change (u)' },
      ['Undo', el('kbd', { class: 'key-hint', 'aria-hidden': 'true' }, 'u')],
    );
    this.undoButton.addEventListener('click', () => this.actions.undo());
    const noteId = 'adjudication-note';
    this.note = el('vscode-textarea', {
      id: noteId,
      class: 'note',
      rows: 2,
      resize: 'vertical',
      placeholder: 'Why? (e to edit · Ctrl+Enter saves)',
      label: 'Note',
      maxlength: NOTE_MAX,
      'aria-keyshortcuts': 'e',
    });
    this.note.addEventListener('keydown', this.onNoteKeyDown);
    this.note.addEventListener('input', () => this.updateNoteStatus());
    this.note.addEventListener('focusout', this.onNoteBlur);
    this.flagAnchor = el('div', { class: 'flag-anchor' }, [this.flagButton, this.flagText]);
    this.verdictGroup = el('div', { class: 'verdict-buttons', role: 'group', 'aria-label': 'Verdict' }, this.verdictButtons);
    const choose = (grade: Grade | undefined): void => {
      if (this.ready) this.actions.setGrade(grade);
    };
    this.gradeBar = new GradeBar({ choose, leaveInput: () => this.actions.leaveNote() });
    this.criteria = new CriteriaView((index) => this.actions.selectCriterion(index));

    this.element = el('section', { class: 'adjudication', 'aria-labelledby': 'adjudication-title' }, [
      el('div', { class: 'adj-mine' }, [
        el('h2', { class: 'adj-title', id: 'adjudication-title' }, ['Your decision', this.summary]),
        this.criteria.element,
        el('div', { class: 'adj-row' }, [this.verdictGroup, this.gradeBar.element, this.flagsOnly, this.flagAnchor, this.undoButton]),
        el('div', { class: 'note-field' }, [el('label', { class: 'note-label', for: noteId }, 'Note'), this.note, this.noteStatus]),
      ]),
      el('div', { class: 'adj-others' }, [this.finalTitle, this.finalBox, el('h3', { class: 'subheading' }, 'Annotators'), this.others]),
    ]);
    this.setReady(false);
  }

  /** The note as typed (maybe unsaved). */
  get noteValue(): string {
    return this.note.value;
  }

  /** Whether the note differs from the one saved (or being saved). */
  get noteDirty(): boolean {
    return this.ready && this.note.value !== (this.decision?.note ?? '');
  }

  get isReady(): boolean {
    return this.ready;
  }

  focusNote(): void {
    if (!this.ready) return;
    this.note.focus();
    const inner = (this.note as HTMLElement & { wrappedElement?: HTMLTextAreaElement }).wrappedElement;
    inner?.focus();
  }

  /** Before the detail of the selected item arrives: nothing can be decided yet. */
  showLoading(): void {
    this.setReady(false);
  }

  /** Shows an item's adjudication state; `mine` is the decision to show (maybe an unconfirmed one). */
  show(detail: ItemDetail, mine: Decision | null, context: AdjudicationContext): void {
    const sameItem = this.itemId === detail.id;
    const keepTyping = sameItem && this.noteDirty && this.isNoteFocused();
    this.itemId = detail.id;
    this.decision = mine;
    this.setReady(true);
    if (!keepTyping) this.note.value = mine?.note ?? '';
    this.updateNoteStatus();
    const value = mine === null ? undefined : 'verdict' in mine && mine.verdict !== undefined ? verdictValue(mine.verdict) : 'skipped';
    CHOICES.forEach((choice, i) => {
      const button = this.verdictButtons[i];
      if (button === undefined) return;
      const pressed = value !== undefined && verdictValue(choice.verdict) === value;
      button.setAttribute('aria-pressed', pressed ? 'true' : 'false');
      button.toggleAttribute('secondary', !pressed);
      button.classList.toggle('is-pressed', pressed);
    });
    const decidable = context.decidable !== false;
    const scale = context.scale;
    this.verdictGroup.hidden = !decidable || scale !== undefined;
    this.flagsOnly.hidden = decidable;
    if (scale !== this.gradeBar.graded) this.gradeBar.setScale(scale);
    if (scale !== undefined) this.gradeBar.show(shownGradeOf(context.criterion === undefined ? mine : context.criterion.mine), true);
    const summary = scale === undefined ? describe(mine) : describeGrade(scale, context.criterion?.mine ?? mine, context.criterion?.label);
    setText(this.summary, decidable ? summary : mine === null ? 'not reviewed yet' : 'flags and notes only');
    setText(this.finalTitle, scale === undefined ? 'Final verdict' : 'Final grade');
    // Items that take no verdict have no final one either.
    this.finalTitle.hidden = !decidable;
    this.finalBox.hidden = !decidable;
    const category = mine?.hallucination ?? null;
    const label = category === null ? 'not flagged' : (context.categories.find((c) => c.id === category)?.label ?? category);
    setText(this.flagText, label);
    this.flagText.classList.toggle('is-flagged', category !== null);
    this.flagButton.setAttribute('aria-label', category === null ? 'Flag a cultural hallucination' : `Flagged: ${label}. Change the flag`);
    this.undoButton.toggleAttribute('disabled', !detail.canUndo);
    this.finalBox.replaceChildren(...(scale === undefined ? finalVerdictParts(detail) : finalGradeParts(scale, detail)));
    this.others.replaceChildren(...annotatorItems(detail.annotators, context));
  }

  /** The current hallucination flag shown. */
  get hallucination(): CategoryId | null {
    return this.decision?.hallucination ?? null;
  }

  private setReady(ready: boolean): void {
    this.ready = ready;
    this.element.classList.toggle('is-loading', !ready);
    for (const button of [...this.verdictButtons, this.flagButton]) button.toggleAttribute('disabled', !ready);
    if (!ready && this.gradeBar.graded !== undefined) this.gradeBar.show('none', false);
    this.note.disabled = !ready;
    if (!ready) this.undoButton.toggleAttribute('disabled', true);
  }

  private isNoteFocused(): boolean {
    return document.activeElement === this.note;
  }

  private updateNoteStatus(): void {
    const dirty = this.noteDirty;
    setText(this.noteStatus, dirty ? 'Unsaved · Ctrl+Enter saves' : this.note.value === '' ? '' : 'Saved');
    this.noteStatus.classList.toggle('is-dirty', dirty);
  }

  private saveIfChanged(): void {
    if (!this.noteDirty) return;
    this.actions.saveNote(this.note.value);
    this.updateNoteStatus();
  }

  private readonly onNoteKeyDown = (event: KeyboardEvent): void => {
    const submit = event.key === 'Enter' && (event.ctrlKey || event.metaKey);
    if (event.key !== 'Escape' && !submit) return;
    event.preventDefault();
    event.stopPropagation();
    this.saveIfChanged();
    this.actions.leaveNote();
  };

  private readonly onNoteBlur = (): void => {
    this.saveIfChanged();
  };
}
