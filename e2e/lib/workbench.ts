// Driving the workbench like a person: command palette, quick picks, input boxes, notifications, webviews.
import { type FrameLocator, type Locator, type Page } from 'playwright-core';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = `${QUICK_INPUT} .quick-input-box input`;
const QUICK_ROWS = `${QUICK_INPUT} .quick-input-list .monaco-list-row`;

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The visible row of the open quick input whose label is exactly `label` (else the first one containing it). */
async function rowFor(page: Page, label: string): Promise<Locator | undefined> {
  const rows = page.locator(QUICK_ROWS).filter({ visible: true });
  const exact = rows.filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) });
  if ((await exact.count()) > 0) return exact.first();
  const loose = rows.filter({ hasText: label });
  if ((await loose.count()) > 0) return loose.first();
  return undefined;
}

/** Clicks a row, then waits (up to 5 s) until it is gone, so the next quick input is not confused with this one. */
async function choose(page: Page, row: Locator, timeout = 30_000): Promise<void> {
  const label = await row.getAttribute('aria-label', { timeout });
  await row.click({ timeout });
  if (label === null) return;
  const same = page
    .locator(QUICK_ROWS)
    .filter({ visible: true })
    .and(page.locator(`[aria-label=${JSON.stringify(label)}]`));
  await same
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
    const input = await openPalette(page);
    await input.fill(`>${title}`);
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const row = await rowFor(page, title);
      if (row !== undefined) {
        await choose(page, row);
        return;
      }
      await sleep(200);
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

/** Picks an item in the open quick pick by label (typing it to filter if needed) or by 0-based index. */
export async function answerQuickPick(page: Page, choice: string | number, options: { timeoutMs?: number } = {}): Promise<void> {
  const timeout = options.timeoutMs ?? 30_000;
  await page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible', timeout });
  await page.locator(QUICK_ROWS).filter({ visible: true }).first().waitFor({ state: 'visible', timeout });
  if (typeof choice === 'number') {
    const row = page.locator(QUICK_ROWS).filter({ visible: true }).nth(choice);
    await row.waitFor({ state: 'visible', timeout });
    await choose(page, row, timeout);
    return;
  }
  let row = await rowFor(page, choice);
  if (row === undefined) {
    await page.locator(QUICK_INPUT_BOX).fill(choice);
    const deadline = Date.now() + timeout;
    while (row === undefined && Date.now() < deadline) {
      await sleep(200);
      row = await rowFor(page, choice);
    }
  }
  if (row === undefined) {
    const shown = await page.locator(QUICK_ROWS).allInnerTexts();
    throw new Error(`quick pick has no item "${choice}"; items: ${JSON.stringify(shown.slice(0, 20))}`);
  }
  await choose(page, row, timeout);
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
