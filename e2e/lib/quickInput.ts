// The quick input widget (command palette, quick picks, input boxes, the simple file dialog) driven by the keyboard
// alone: a key is pressed only once the widget shows the expected state with its own input focused, and every step
// is confirmed afterwards (the widget closed or moved on to the next step). A step whose keys were lost (focus taken
// by a notification, a hover, a webview) is pressed again. The pointer plays no part: a hover left over the tabs by
// a resize once covered the row a click was aimed at, and the export in tests/inspectImport.e2e.ts never completed.
import { type Page } from 'playwright-core';

export const QUICK_INPUT = '.quick-input-widget';
export const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
export const QUICK_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;
const HOVERS = '.monaco-hover, .workbench-hover-container';

export interface QuickRow {
  /** The row's label (`.label-name`), trimmed. */
  label: string;
  /** The row's accessible name (label and description), which tells it from the rows of another step. */
  aria: string;
  /** Its position in the (filtered) list. */
  index: number;
  text: string;
}

/** What the quick input shows at one instant; null while it is closed. */
export interface QuickInputState {
  title: string;
  value: string;
  /** Whether the page's focus is in the widget's own input box (where keys must go). */
  focused: boolean;
  rows: QuickRow[];
  /** The row the list has focused (Enter accepts it). */
  active: QuickRow | null;
  validation: string;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Evaluated in the page as source text: tsx would wrap the helpers of a function passed in with a `__name` the page lacks.
const SNAPSHOT = `(() => {
  const shown = (el) => el instanceof HTMLElement && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0;
  const widget = document.querySelector(${JSON.stringify(QUICK_INPUT)});
  if (!shown(widget)) return null;
  const input = widget.querySelector('.quick-input-box input');
  if (!shown(input)) return null;
  let active = null;
  const rows = [];
  for (const el of widget.querySelectorAll('.quick-input-list .monaco-list-row')) {
    if (!shown(el)) continue;
    const row = {
      label: (el.querySelector('.label-name')?.textContent ?? '').trim(),
      aria: el.getAttribute('aria-label') ?? '',
      index: Number(el.getAttribute('data-index') ?? -1),
      text: el.innerText,
    };
    rows.push(row);
    if (el.classList.contains('focused')) active = row;
  }
  const message = widget.querySelector('.quick-input-message');
  return {
    title: widget.querySelector('.quick-input-title')?.textContent ?? '',
    value: input.value,
    focused: document.activeElement === input,
    rows,
    active,
    validation: shown(message) ? (message.textContent ?? '') : '',
  };
})()`;

/** One snapshot of the widget, read in a single evaluation so that its parts agree with each other. */
export async function quickInputState(page: Page): Promise<QuickInputState | null> {
  try {
    return await page.evaluate<QuickInputState | null>(SNAPSHOT);
  } catch (error) {
    // The page navigated (Developer: Reload Window): whatever quick input it showed is gone.
    if (error instanceof Error && /Execution context was destroyed|navigat/i.test(error.message)) return null;
    throw error;
  }
}

/** waitForQuickInput's error when the state it waited for did not come in time. */
export class QuickInputTimeout extends Error {}

/** `fallback` when the wait timed out; any other error (a script error, the page gone) goes on. */
export async function orOnTimeout<T, F>(wait: Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await wait;
  } catch (error) {
    if (error instanceof QuickInputTimeout) return fallback;
    throw error;
  }
}

/** Polls the widget until `accept` holds of its state (null: closed); the last state seen goes into the error. */
export async function waitForQuickInput<T>(
  page: Page,
  what: string,
  accept: (state: QuickInputState | null) => T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await quickInputState(page);
    const value = accept(state);
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new QuickInputTimeout(`timed out after ${timeoutMs} ms waiting for ${what}; the quick input: ${describe(state)}`);
    await sleep(100);
  }
}

export function describe(state: QuickInputState | null): string {
  if (state === null) return 'closed';
  const rows = state.rows.slice(0, 12).map((r) => (r === state.active ? `[${r.aria}]` : r.aria));
  return JSON.stringify({ title: state.title, value: state.value, focused: state.focused, validation: state.validation, rows });
}

/**
 * Presses `key` in the quick input's own box, only once the box has the focus (focusing it when something else
 * took it), and only while `stillThere` holds of the widget: a key must never go to the next step or elsewhere.
 */
export async function pressInQuickInput(page: Page, key: string, stillThere: (state: QuickInputState) => boolean): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const state = await quickInputState(page);
    if (state === null || !stillThere(state))
      throw new Error(`the quick input moved on before ${key} could be pressed: ${describe(state)}`);
    if (state.focused) {
      await page.keyboard.press(key);
      return;
    }
    await page
      .locator(QUICK_INPUT_BOX)
      .focus({ timeout: 2_000 })
      .catch(() => undefined);
    await sleep(100);
  }
  throw new Error(`the quick input's box never kept the focus to press ${key}: ${describe(await quickInputState(page))}`);
}

/**
 * Moves the list's focus onto the row whose accessible name is `aria` with the arrow keys, then presses Enter and
 * confirms that the widget closed or moved on (no such row any more); when it did not (the keys were lost), the
 * step is done again, up to `attempts` times.
 */
export async function acceptRow(page: Page, aria: string, attempts = 4): Promise<void> {
  const { title } = await waitForQuickInput(
    page,
    `the row "${aria}"`,
    (s) => (s?.rows.some((r) => r.aria === aria) ? s : undefined),
    10_000,
  );
  // This step, not a next one that happens to offer a row of the same name.
  const here = (s: QuickInputState | null): s is QuickInputState => s !== null && s.title === title && s.rows.some((r) => r.aria === aria);
  for (let attempt = 1; ; attempt++) {
    for (let moves = 0; ; moves++) {
      const state = await quickInputState(page);
      // An Enter slower than the wait below did go through after all.
      if (!here(state)) return;
      if (state.active?.aria === aria) break;
      if (moves > 60) throw new Error(`could not move the quick pick's focus onto "${aria}": ${describe(state)}`);
      const target = state.rows.find((r) => r.aria === aria);
      const down = state.active === null || (target !== undefined && target.index > state.active.index);
      const from = state.active?.aria;
      await pressInQuickInput(page, down ? 'ArrowDown' : 'ArrowUp', here);
      await orOnTimeout(
        waitForQuickInput(page, 'the focus to move', (s) => (s === null || s.active?.aria !== from ? true : undefined), 2_000),
        undefined,
      );
    }
    await pressInQuickInput(page, 'Enter', (s) => here(s) && s.active?.aria === aria);
    const wait = waitForQuickInput(page, `"${aria}" to be accepted`, (s) => (here(s) ? undefined : true), 5_000);
    if (await orOnTimeout(wait, false)) return;
    if (attempt >= attempts) throw new Error(`Enter on "${aria}" was lost ${attempts} times: ${describe(await quickInputState(page))}`);
    console.log(`e2e: Enter on the quick pick row "${aria}" was lost (attempt ${attempt}); pressing it again`);
  }
}

/**
 * Takes the pointer off whatever it rests on (after a resize it can be left over the editor tabs, whose hover then
 * covers the top of the window) and waits for any hover to go; Escape closes one that stays, when no quick input is
 * open (Escape would close that too).
 */
export async function dismissHovers(page: Page): Promise<void> {
  const editor = await page
    .locator('.part.editor')
    .boundingBox()
    .catch(() => null);
  const size = page.viewportSize();
  const spot = editor ?? { x: 0, y: 0, width: size?.width ?? 800, height: size?.height ?? 600 };
  await page.mouse.move(spot.x + spot.width / 2, spot.y + spot.height * 0.8);
  const hovers = page.locator(HOVERS).filter({ visible: true });
  const gone = await hovers
    .first()
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (gone || (await quickInputState(page)) !== null) return;
  await page.keyboard.press('Escape');
  await hovers
    .first()
    .waitFor({ state: 'hidden', timeout: 3_000 })
    .catch(() => undefined);
}
