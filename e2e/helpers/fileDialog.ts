import { type Page } from 'playwright-core';
import {
  QUICK_INPUT_BOX,
  describe,
  orOnTimeout,
  pressInQuickInput,
  quickInputState,
  sleep,
  waitForQuickInput,
  type QuickInputState,
} from '../lib/quickInput';

/**
 * code-server's simple file dialog (a quick input whose title contains `title` and whose box holds a path): puts
 * `path` in its box (null: keeps the name a save dialog proposes) and presses Enter, by keyboard only, until the
 * dialog has closed. The dialog first shows its folder, then, once that has loaded, fills the box again (with the
 * proposed name when saving): a path typed before then is overwritten (CI saw "Please select a file." with the
 * folder in the box), so each Enter waits until the box has held the expected path for a moment with its focus,
 * and a step that did not close the dialog (its Enter lost, or the path overwritten after it) is done again.
 */
export async function answerFileDialog(page: Page, title: string, path: string | null, timeoutMs = 30_000): Promise<void> {
  // The quick pick before it may carry the same title; the dialog is the one whose box holds a path.
  const isDialog = (s: QuickInputState | null): s is QuickInputState => s !== null && s.title.includes(title) && s.value.startsWith('/');
  // A save dialog's proposal is in once the box names a file rather than its folder.
  const expected = (s: QuickInputState): boolean => (path === null ? !s.value.endsWith('/') : s.value === path);
  await waitForQuickInput(page, `the file dialog "${title}"`, (s) => (isDialog(s) ? true : undefined), timeoutMs);
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    let state = await quickInputState(page);
    if (!isDialog(state)) return;
    if (path !== null && state.value !== path) await page.locator(QUICK_INPUT_BOX).fill(path);
    // Settled: the expected path still there half a second later (no late load has replaced it).
    await sleep(500);
    state = await quickInputState(page);
    if (!isDialog(state)) return;
    if (expected(state)) {
      await pressInQuickInput(page, 'Enter', (s) => isDialog(s) && expected(s)).catch(() => undefined);
      const closing = waitForQuickInput(page, `the file dialog "${title}" to close`, (s) => (isDialog(s) ? undefined : true), 5_000);
      if (await orOnTimeout(closing, false)) return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `the file dialog "${title}" did not take ${path ?? 'its proposed name'} in ${attempt} tries: ${describe(await quickInputState(page))}`,
      );
    }
    console.log(`e2e: the file dialog "${title}" is still open after try ${attempt} (${describe(state)}); again`);
  }
}
