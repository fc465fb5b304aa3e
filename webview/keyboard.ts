/** Every key of the review panel: one table drives both the handler and the help overlay. */

export interface KeyActions {
  readonly next: () => void;
  readonly previous: () => void;
  readonly nextUndecided: () => void;
  readonly first: () => void;
  readonly last: () => void;
  readonly pageDown: () => void;
  readonly pageUp: () => void;
  readonly verdict: (verdict: boolean | null) => void;
  readonly skip: () => void;
  readonly flag: () => void;
  readonly note: () => void;
  readonly undo: () => void;
  readonly help: () => void;
  readonly search: () => void;
  readonly blind: () => void;
  readonly guidelines: () => void;
  readonly judgePrompt: () => void;
  /** Kalahi: the next (1) or previous (-1) score shown beside the references. */
  readonly measure: (delta: 1 | -1) => void;
  /** Kalahi: the next (1) or previous (-1) reference the answer is compared with. */
  readonly compare: (delta: 1 | -1) => void;
  /** A graded run: the level of this number key (1 the lowest … 0 the tenth), or a typed value (numeric scales). */
  readonly level: (key: string) => void;
  /** An item with criteria: the next (1) or previous (-1) criterion. */
  readonly criterion: (delta: 1 | -1) => void;
  /** The selected criterion's raw judge reply, shown or hidden. */
  readonly rawReply: () => void;
}

export const KEY_GROUPS = ['Move', 'Decide', 'Compare', 'Other'] as const;
export type KeyGroup = (typeof KEY_GROUPS)[number];

export interface KeyBinding {
  /** KeyboardEvent.key values. */
  readonly keys: readonly string[];
  /** How the keys are shown in the help. */
  readonly display: readonly string[];
  readonly description: string;
  /** 'list': only while the item list (or nothing) has focus, so arrows still scroll other panes. */
  readonly scope: 'global' | 'list';
  /** Section of the help overlay. */
  readonly group: KeyGroup;
  /** `key`: the KeyboardEvent.key pressed (bindings with several keys tell them apart). */
  readonly run: (actions: KeyActions, key: string) => void;
}

const LEVEL_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

export const KEY_BINDINGS: readonly KeyBinding[] = [
  { keys: ['j'], display: ['j'], description: 'Next item', scope: 'global', group: 'Move', run: (a) => a.next() },
  { keys: ['k'], display: ['k'], description: 'Previous item', scope: 'global', group: 'Move', run: (a) => a.previous() },
  { keys: ['ArrowDown'], display: ['↓'], description: 'Next item (in the list)', scope: 'list', group: 'Move', run: (a) => a.next() },
  { keys: ['ArrowUp'], display: ['↑'], description: 'Previous item (in the list)', scope: 'list', group: 'Move', run: (a) => a.previous() },
  {
    keys: ['J'],
    display: ['Shift+J'],
    description: 'Next item without a decision of yours',
    scope: 'global',
    group: 'Move',
    run: (a) => a.nextUndecided(),
  },
  { keys: ['Home'], display: ['Home'], description: 'First item', scope: 'list', group: 'Move', run: (a) => a.first() },
  { keys: ['End'], display: ['End'], description: 'Last item', scope: 'list', group: 'Move', run: (a) => a.last() },
  { keys: ['PageDown'], display: ['Page Down'], description: 'One page down', scope: 'list', group: 'Move', run: (a) => a.pageDown() },
  { keys: ['PageUp'], display: ['Page Up'], description: 'One page up', scope: 'list', group: 'Move', run: (a) => a.pageUp() },
  { keys: ['t'], display: ['t'], description: 'Verdict: true (correct)', scope: 'global', group: 'Decide', run: (a) => a.verdict(true) },
  { keys: ['f'], display: ['f'], description: 'Verdict: false (wrong)', scope: 'global', group: 'Decide', run: (a) => a.verdict(false) },
  {
    keys: ['n'],
    display: ['n'],
    description: 'Verdict: null (no valid answer); graded runs: grade null',
    scope: 'global',
    group: 'Decide',
    run: (a) => a.verdict(null),
  },
  {
    keys: LEVEL_KEYS,
    display: ['1…9', '0'],
    description: 'Graded runs: the scale’s level, lowest first (0 the tenth); a numeric scale: type the value, Enter saves',
    scope: 'global',
    group: 'Decide',
    run: (a, key) => a.level(key),
  },
  {
    keys: [']'],
    display: [']'],
    description: 'Graded runs: next criterion of the item (the number keys decide it)',
    scope: 'global',
    group: 'Decide',
    run: (a) => a.criterion(1),
  },
  {
    keys: ['['],
    display: ['['],
    description: 'Graded runs: previous criterion',
    scope: 'global',
    group: 'Decide',
    run: (a) => a.criterion(-1),
  },
  {
    keys: ['r'],
    display: ['r'],
    description: 'Graded runs: show or hide the judge’s raw reply on the selected criterion',
    scope: 'global',
    group: 'Decide',
    run: (a) => a.rawReply(),
  },
  { keys: ['s'], display: ['s'], description: 'Skip: record no decision (unsure)', scope: 'global', group: 'Decide', run: (a) => a.skip() },
  {
    keys: ['h'],
    display: ['h'],
    description: 'Flag a cultural hallucination (choose a category)',
    scope: 'global',
    group: 'Decide',
    run: (a) => a.flag(),
  },
  { keys: ['e'], display: ['e'], description: 'Edit the note', scope: 'global', group: 'Decide', run: (a) => a.note() },
  { keys: ['u'], display: ['u'], description: 'Undo your last change', scope: 'global', group: 'Decide', run: (a) => a.undo() },
  {
    keys: ['m'],
    display: ['m'],
    description: 'Kalahi: next score beside the references (metric, MC log-prob)',
    scope: 'global',
    group: 'Compare',
    run: (a) => a.measure(1),
  },
  {
    keys: ['M'],
    display: ['Shift+M'],
    description: 'Kalahi: previous score',
    scope: 'global',
    group: 'Compare',
    run: (a) => a.measure(-1),
  },
  {
    keys: ['o'],
    display: ['o'],
    description: 'Kalahi: compare the answer with the next reference (shared words marked)',
    scope: 'global',
    group: 'Compare',
    run: (a) => a.compare(1),
  },
  {
    keys: ['O'],
    display: ['Shift+O'],
    description: 'Kalahi: compare with the previous reference',
    scope: 'global',
    group: 'Compare',
    run: (a) => a.compare(-1),
  },
  { keys: ['/'], display: ['/'], description: 'Search the list', scope: 'global', group: 'Other', run: (a) => a.search() },
  {
    keys: ['b'],
    display: ['b'],
    description:
      'Blind review on or off: automatic verdicts and scores hidden until you decide (an item whose verdict you already saw is recorded as not blind)',
    scope: 'global',
    group: 'Other',
    run: (a) => a.blind(),
  },
  {
    keys: ['g'],
    display: ['g'],
    description: 'Annotation guidelines, in a tab of their own (the review keeps its size; Ctrl+Tab comes back)',
    scope: 'global',
    group: 'Other',
    run: (a) => a.guidelines(),
  },
  {
    keys: ['p'],
    display: ['p'],
    description: 'Judge prompt (Kalahi: how the run was scored)',
    scope: 'global',
    group: 'Other',
    run: (a) => a.judgePrompt(),
  },
  { keys: ['?'], display: ['?'], description: 'Show these keys', scope: 'global', group: 'Other', run: (a) => a.help() },
];

/** Keys that only work inside a chooser or a field, listed in the help too. */
export const CONTEXT_KEYS: readonly { readonly context: string; readonly display: readonly string[]; readonly description: string }[] = [
  { context: 'Flag chooser', display: ['1', '…', '6'], description: 'Pick a category' },
  { context: 'Flag chooser', display: ['0', 'Backspace'], description: 'Clear the flag' },
  { context: 'Flag chooser', display: ['Escape'], description: 'Cancel' },
  { context: 'Note', display: ['Ctrl+Enter', '⌘+Enter'], description: 'Save the note and leave the field' },
  { context: 'Note', display: ['Escape'], description: 'Leave the field (saves a changed note)' },
  { context: 'Search', display: ['Enter'], description: 'Back to the list' },
  { context: 'Search', display: ['Escape'], description: 'Clear the search text and the filter, back to the list' },
  { context: 'Help', display: ['Escape'], description: 'Close' },
];

const EDITABLE_TAGS = new Set(['TEXTAREA', 'SELECT', 'VSCODE-TEXTAREA', 'VSCODE-TEXTFIELD', 'VSCODE-SINGLE-SELECT', 'VSCODE-MULTI-SELECT']);
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether an event comes from a place that takes typing (a text field, a select, contenteditable). */
export function isEditableTarget(event: Event): boolean {
  for (const node of event.composedPath()) {
    if (!(node instanceof HTMLElement)) continue;
    if (EDITABLE_TAGS.has(node.tagName)) return true;
    if (node instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(node.type)) return true;
    if (node.isContentEditable) return true;
  }
  return false;
}

export function bindingFor(key: string): KeyBinding | undefined {
  return KEY_BINDINGS.find((b) => b.keys.includes(key));
}

/** Whether a key press is the panel's: modified keys (Ctrl, Alt, Meta) belong to VS Code and the browser, and typing in fields is left alone. */
export function isPanelKey(event: KeyboardEvent): boolean {
  return !(event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) && !isEditableTarget(event);
}
