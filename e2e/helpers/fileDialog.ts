import { type Page } from 'playwright-core';
import { until } from './runFiles';

/** code-server's simple file dialog: waits for it, puts `path` in its box, and accepts until it closes. */
export async function answerFileDialog(page: Page, title: string, path: string | null): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('.quick-input-box input');
  await widget.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible', timeout: 30_000 });
  // It fills its box with the folder once that has loaded; typing before then is overwritten.
  await until('the dialog to show its folder', async () => ((await input.inputValue()).startsWith('/') ? true : undefined));
  for (let i = 0; i < 10 && (await widget.isVisible().catch(() => false)); i++) {
    // A folder that loads late fills the box again after our path (CI saw "Please select a file."): type it again.
    if (path !== null && (await input.inputValue()) !== path) await input.fill(path);
    await input.press('Enter');
    await page.waitForTimeout(500);
  }
}
