// Debian's chromium driven by playwright-core (no browser download), and the VS Code workbench page.
import { chromium, type Browser, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM, requireInstalled, scratchDir } from './paths';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Launches headless chromium. Playwright gives every launch a fresh temporary --user-data-dir (it refuses
 * one in args) and deletes it on close.
 */
export async function launchBrowser(options: { slowMo?: number } = {}): Promise<Browser> {
  requireInstalled(CHROMIUM, 'chromium (apt-get install chromium)');
  // Chromium keeps its crash-report database under ~/.config: point HOME and XDG_* at scratch folders.
  const home = scratchDir('chromium-home');
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  };
  for (const dir of Object.values(xdg)) mkdirSync(dir, { recursive: true });
  return chromium.launch({
    env: { ...process.env, HOME: home, ...xdg },
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS],
    timeout: 60_000,
    ...(options.slowMo === undefined ? {} : { slowMo: options.slowMo }),
  });
}

/** Opens code-server's workbench on a folder and waits until the workbench and its status bar are there. */
export async function openWorkbench(
  browser: Browser,
  url: string,
  workspaceDir: string,
  options: { timeoutMs?: number } = {},
): Promise<Page> {
  const timeout = options.timeoutMs ?? 90_000;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${url}/?folder=${encodeURIComponent(workspaceDir)}`, { timeout });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout });
  await page.locator('.statusbar').waitFor({ state: 'visible', timeout });
  // The explorer shows the folder once the remote file system is connected.
  await page
    .locator('.explorer-folders-view, .explorer-viewlet')
    .first()
    .waitFor({ state: 'attached', timeout })
    .catch(() => undefined);
  return page;
}
