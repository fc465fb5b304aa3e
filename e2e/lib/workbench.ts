// Driving the workbench like a person: command palette, quick picks, input boxes, notifications, webviews.
import { type FrameLocator, type Locator, type Page } from 'playwright-core';
import {
  QUICK_INPUT,
  QUICK_INPUT_BOX,
  QUICK_ROWS,
  acceptRow,
  describe,
  dismissHovers,
  orOnTimeout,
  quickInputState,
  sleep,
  waitForQuickInput,
  type QuickInputState,
} from './quickInput';

/** The visible row whose label is exactly `label` (else the first one containing it), by its accessible name. */
function rowFor(state: QuickInputState | null, label: string): string | undefined {
  if (state === null) return undefined;
  const exact = state.rows.find((r) => r.label === label);
  return (exact ?? state.rows.find((r) => r.text.includes(label)))?.aria;
}

async function openPalette(page: Page): Promise<Locator> {
  const input = page.locator(QUICK_INPUT_BOX);
  for (const key of ['F1', 'Control+Shift+P']) {
    await page.keyboard.press(key);
    if (await input.isVisible().catch(() => false)) return input;
    try {
      await input.waitFor({ state: 'visible', timeout: 3_000 });
      return input;
    } catch {
      // try the other shortcut
    }
  }
  throw new Error('the command palette did not open (F1 and Ctrl+Shift+P)');
}

/**
 * Runs a command by its palette title (e.g. "E2E Smoke: Open Panel"). The palette can open before the
 * extension's commands are registered, so it retries (Escape, reopen) until the entry shows.
 */
export async function runCommand(page: Page, title: string, options: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let attempts = 0;
  while (Date.now() < deadline) {
    attempts += 1;
    await page.keyboard.press('Escape');
    if (attempts === 1) await dismissHovers(page);
    const input = await openPalette(page);
    await input.fill(`>${title}`);
    const row = await orOnTimeout(
      waitForQuickInput(page, `"${title}" in the palette`, (s) => rowFor(s, title), 3_000),
      undefined,
    );
    if (row !== undefined) {
      await acceptRow(page, row);
      return;
    }
    await sleep(Math.min(2_000, 250 * attempts));
  }
  const shown = await page
    .locator(QUICK_ROWS)
    .allInnerTexts()
    .catch(() => []);
  throw new Error(
    `command "${title}" never showed in the palette after ${attempts} tries; last entries: ${JSON.stringify(shown.slice(0, 10))}`,
  );
}

/**
 * Picks an item in the open quick pick by label (typing it to filter when it is not shown) or by 0-based index,
 * with the keyboard only (see quickInput.ts), and confirms that the pick closed or moved on.
 */
export async function answerQuickPick(page: Page, choice: string | number, options: { timeoutMs?: number } = {}): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000;
  const ready = await waitForQuickInput(page, 'a quick pick with items', (s) => (s !== null && s.rows.length > 0 ? s : undefined), timeout);
  if (typeof choice === 'number') {
    const row = await waitForQuickInput(page, `item ${choice}`, (s) => s?.rows.find((r) => r.index === choice)?.aria, timeout);
    await acceptRow(page, row);
    return;
  }
  let row = rowFor(ready, choice);
  if (row === undefined) {
    await page.locator(QUICK_INPUT_BOX).fill(choice);
    row = await waitForQuickInput(page, `item "${choice}"`, (s) => rowFor(s, choice), timeout).catch(async () => {
      throw new Error(`quick pick has no item "${choice}"; the quick input: ${describe(await quickInputState(page))}`);
    });
  }
  await acceptRow(page, row);
}

/**
 * Runs a command that asks for one choice in a quick pick, and picks it. A quick pick closes when focus moves
 * (a panel coming forward, a notification taking it), so when it closes before the row could be clicked the
 * command runs again, up to three times; the error then is the last attempt's.
 */
export async function runCommandAndPick(page: Page, title: string, choice: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, title);
    try {
      await answerQuickPick(page, choice, { timeoutMs: 10_000 });
      return;
    } catch (error) {
      const stillOpen = await page
        .locator(QUICK_INPUT_BOX)
        .isVisible()
        .catch(() => false);
      if (attempt >= 3 || stillOpen) throw error;
      console.log(`e2e: the quick pick of "${title}" closed before "${choice}" was picked (attempt ${attempt}); running it again`);
    }
  }
}

/**
 * Types into the open input box (showInputBox, or a quick pick's filter) and presses Enter. With `title`,
 * first waits for the box whose title contains it: after Enter the previous box can stay visible for a
 * moment, and text typed then would land in it.
 */
export async function typeIntoInput(
  page: Page,
  text: string,
  options: { timeoutMs?: number; submit?: boolean; title?: string } = {},
): Promise<void> {
  const input = page.locator(QUICK_INPUT_BOX);
  if (options.title !== undefined) {
    await page
      .locator(`${QUICK_INPUT} .quick-input-title`, { hasText: options.title })
      .waitFor({ state: 'visible', timeout: options.timeoutMs ?? 30_000 });
  }
  await input.waitFor({ state: 'visible', timeout: options.timeoutMs ?? 30_000 });
  await input.fill(text);
  if (options.submit ?? true) await input.press('Enter');
}

/** Waits for a notification toast whose text contains `text`; returns its full text. */
export async function waitForNotification(page: Page, text: string | RegExp, options: { timeoutMs?: number } = {}): Promise<string> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ state: 'visible', timeout: options.timeoutMs ?? 30_000 });
  return toast.innerText();
}

/**
 * The content frame of a webview: VS Code hosts it in iframe.webview (the outer frame, one per webview)
 * which holds iframe#active-frame (the extension's HTML). Only visible webviews count; `nth` picks among them.
 */
export function webviewFrame(page: Page, options: { nth?: number } = {}): FrameLocator {
  const outer = page
    .locator('iframe.webview')
    .filter({ visible: true })
    .nth(options.nth ?? 0);
  return outer.contentFrame().locator('iframe#active-frame').contentFrame();
}
