import { type Grade, type GradedScale, parseGrade } from '../src/core/scale/verdictScale';
import { el, setText } from '../webview-kit/dom';
import { keyOfLevel, shortNumber } from './gradedScale';

export interface GradeBarActions {
  /** A grade chosen (null: no parsable verdict), or undefined to record no decision (skip). */
  readonly choose: (grade: Grade | undefined) => void;
  /** Enter or Escape in the typed value: where the focus goes next. */
  readonly leaveInput: () => void;
}

/** What the bar shows as chosen: a grade, 'skipped' (no decision recorded), or 'none' (nothing yet). */
export type ShownGrade = Grade | 'skipped' | 'none';

function keyHint(key: string): HTMLElement {
  return el('kbd', { class: 'key-hint', 'aria-hidden': 'true' }, key);
}

function choiceButton(label: readonly (string | HTMLElement)[], key: string | undefined, title: string, extraClass: string): HTMLElement {
  return el(
    'vscode-button',
    { class: `grade-button ${extraClass}`, secondary: true, 'aria-pressed': 'false', 'aria-keyshortcuts': key, title },
    [...label, key === undefined ? null : keyHint(key)],
  );
}

/**
 * A graded run's decision bar: the scale's levels as buttons in its order (number keys 1…9, 0 for a
 * tenth), or a typed value checked against a numeric scale's range (Enter sends); null and no decision beside.
 */
export class GradeBar {
  readonly element = el('div', { class: 'grade-bar', role: 'group', 'aria-label': 'Grade', hidden: true });
  private readonly choices = el('div', { class: 'grade-choices' });
  private readonly input = el('input', {
    class: 'grade-input',
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'grade-input-help',
  });
  private readonly inputHelp = el('span', { class: 'grade-input-help', id: 'grade-input-help' });
  private readonly inputBox = el('div', { class: 'grade-value', hidden: true }, [
    el('label', { class: 'grade-input-label' }, ['Value ', this.input]),
    this.inputHelp,
  ]);
  private buttons: { readonly element: HTMLElement; readonly shown: ShownGrade }[] = [];
  private scale: GradedScale | undefined;

  constructor(private readonly actions: GradeBarActions) {
    this.element.append(this.choices, this.inputBox);
    this.input.addEventListener('keydown', this.onInputKeyDown);
    this.input.addEventListener('input', () => this.checkInput(false));
  }

  get graded(): GradedScale | undefined {
    return this.scale;
  }

  /** The run's scale: the bar's buttons (or field) follow it; undefined hides the bar (a binary run). */
  setScale(scale: GradedScale | undefined): void {
    this.scale = scale;
    this.element.hidden = scale === undefined;
    if (scale === undefined) return;
    const levels =
      scale.kind === 'ordinal'
        ? scale.levels.map((level, i) => ({
            shown: level.value as ShownGrade,
            element: choiceButton(
              [
                el('span', { class: 'grade-name' }, level.label ?? level.name),
                el('span', { class: 'grade-number' }, shortNumber(level.value)),
              ],
              keyOfLevel(i),
              `${level.label ?? level.name} = ${shortNumber(level.value)}${keyOfLevel(i) === undefined ? '' : ` (${keyOfLevel(i) ?? ''})`}`,
              'grade-level',
            ),
          }))
        : [];
    const rest = [
      { shown: null, element: choiceButton(['Null'], 'n', 'Null: no valid answer, no parsable grade (n)', 'grade-null') },
      { shown: 'skipped' as const, element: choiceButton(['No decision'], 's', 'Record no decision (s)', 'grade-skip') },
    ];
    this.buttons = [...levels, ...rest];
    for (const { element, shown } of this.buttons) {
      element.addEventListener('click', () => {
        if (!element.hasAttribute('disabled')) this.actions.choose(shown === 'skipped' ? undefined : (shown as Grade));
      });
    }
    this.choices.replaceChildren(...this.buttons.map((b) => b.element));
    this.inputBox.hidden = scale.kind !== 'numeric';
    if (scale.kind === 'numeric') {
      this.input.setAttribute('aria-label', `Grade from ${shortNumber(scale.min)} to ${shortNumber(scale.max)}`);
      this.input.placeholder = `${shortNumber(scale.min)}–${shortNumber(scale.max)}`;
      this.setHelp(`${shortNumber(scale.min)} to ${shortNumber(scale.max)} · Enter saves`, false);
    }
  }

  /** Marks the grade shown as chosen; `ready` false disables the bar (the item is loading). */
  show(current: ShownGrade, ready: boolean): void {
    for (const { element, shown } of this.buttons) {
      const pressed = shown === current;
      element.setAttribute('aria-pressed', pressed ? 'true' : 'false');
      element.toggleAttribute('secondary', !pressed);
      element.classList.toggle('is-pressed', pressed);
      element.toggleAttribute('disabled', !ready);
    }
    this.input.disabled = !ready;
    if (document.activeElement !== this.input)
      this.input.value = typeof current === 'number' && this.scale?.kind === 'numeric' ? shortNumber(current) : '';
  }

  /** Puts the focus in the typed value (numeric scales), starting with `typed` when given. */
  focusInput(typed = ''): boolean {
    if (this.scale?.kind !== 'numeric' || this.input.disabled) return false;
    this.input.value = typed;
    this.input.focus();
    this.checkInput(false);
    return true;
  }

  private setHelp(text: string, invalid: boolean): void {
    setText(this.inputHelp, text);
    this.inputHelp.classList.toggle('is-invalid', invalid);
    this.inputHelp.setAttribute('role', invalid ? 'alert' : 'note');
    this.input.setAttribute('aria-invalid', invalid ? 'true' : 'false');
  }

  /** Checks the typed value against the scale; returns the grade it holds when it is one. */
  private checkInput(final: boolean): Grade | undefined {
    const scale = this.scale;
    if (scale === undefined) return undefined;
    const text = this.input.value;
    const range = `${shortNumber(scale.kind === 'numeric' ? scale.min : 0)} to ${shortNumber(scale.kind === 'numeric' ? scale.max : 0)}`;
    if (text.trim() === '' && !final) {
      this.setHelp(`${range} · Enter saves`, false);
      return undefined;
    }
    const parsed = parseGrade(scale, text);
    if (!parsed.ok) {
      this.setHelp(`Not a grade: ${range}, or null`, true);
      return undefined;
    }
    this.setHelp(`${range} · Enter saves`, false);
    return parsed.grade;
  }

  private readonly onInputKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' && event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape') {
      this.input.value = '';
      this.actions.leaveInput();
      return;
    }
    if (this.input.value.trim() === '') {
      this.checkInput(true);
      return;
    }
    const grade = this.checkInput(true);
    if (grade === undefined) return;
    this.actions.choose(grade);
    this.actions.leaveInput();
  };
}
