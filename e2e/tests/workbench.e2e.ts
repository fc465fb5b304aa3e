// The extension in a fresh code-server as a new user meets it: activation leaves no error in any log
// (no "PendingMigrationError: navigator is now a global" from bundled code), and its path settings show
// under User in the Settings editor, not only under Remote (code-server is a remote host).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type Page } from 'playwright-core';
import { REPO_ROOT, packageVsix, run, runCommand, scratchDir, screenshot, withWorkbench } from '../lib';
import { activated, extensionErrors, logEntries } from '../helpers/extensionLogs';
import { DATA_DIR, until } from '../helpers/runFiles';

const EXTENSION_ID = 'eval-adjudicator.eval-adjudicator';
const PATH_SETTINGS = [
  { key: 'evalAdjudicator.dataDirectory', title: 'Data Directory' },
  { key: 'evalAdjudicator.runsDirectory', title: 'Runs Directory' },
  { key: 'evalAdjudicator.guidelinesFile', title: 'Guidelines File' },
];

/** Searches the Settings editor, on its User tab, and returns the titles of the settings it lists. */
async function userSettingsMatching(page: Page, query: string): Promise<string[]> {
  const editor = page.locator('.settings-editor');
  await editor.locator('.settings-tabs-widget .action-label', { hasText: /^User$/ }).click();
  const search = editor.locator('.settings-header .suggest-input-container .monaco-editor').first();
  await search.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(query);
  // The count widget settles once the search has run ("1 Setting Found" / "No Settings Found").
  const count = editor.locator('.settings-count-widget');
  await until(
    `the settings search for ${query}`,
    async () => ((await count.innerText().catch(() => '')).match(/Found/) ? true : undefined),
    15_000,
  );
  await page.waitForTimeout(500);
  return editor.locator('.settings-tree-container .setting-item-title').allInnerTexts();
}

test('workbench: activation logs no error; path settings show under User', { timeout: 600_000 }, async (t) => {
  const gpt4o = join(DATA_DIR, 'yokaieval', 'official-results', 'gpt4o.json');
  assert.ok(existsSync(gpt4o), `official results not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`);
  const root = scratchDir('workbench');
  const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') }); // builds dist/
  const workspaceDir = join(root, 'workspace');
  const runsDir = join(workspaceDir, 'runs');
  mkdirSync(workspaceDir);
  // A run in the Runs view: activation reads it (run.json, results) through the bundled zod.
  await run(
    process.execPath,
    [join(REPO_ROOT, 'dist', 'cli.js'), 'import', 'yokaieval-official', gpt4o, '--out', runsDir, '--data', DATA_DIR],
    {
      cwd: REPO_ROOT,
      timeoutMs: 120_000,
    },
  );

  await withWorkbench(
    { name: 'workbench', vsixPath, workspaceDir, env: { EVAL_ADJUDICATOR_DATA: DATA_DIR }, signal: t.signal },
    async ({ page, server }) => {
      // Opening the Runs view activates the extension (onView); a loaded machine can take a while.
      await page.locator('.activitybar [aria-label^="Eval Adjudicator"]').first().click({ timeout: 120_000 });
      await page.locator('.pane-body .monaco-list-row', { hasText: '810 items' }).first().waitFor({ state: 'visible', timeout: 120_000 });
      await until(
        'the extension host to log the activation',
        () => (activated(logEntries(server.dir), EXTENSION_ID) ? true : undefined),
        30_000,
      );
      await page.waitForTimeout(3_000); // errors thrown late in activation reach the log asynchronously
      const errors = extensionErrors(logEntries(server.dir), EXTENSION_ID);
      assert.deepEqual(
        errors.map((e) => `${e.file}: ${e.text}`),
        [],
        "no error related to the extension in code-server's logs after activation",
      );

      await runCommand(page, 'Preferences: Open Settings (UI)');
      await page.locator('.settings-editor').waitFor({ state: 'visible', timeout: 30_000 });
      for (const setting of PATH_SETTINGS) {
        const titles = await userSettingsMatching(page, setting.key);
        assert.ok(
          titles.some((title) => title.includes(setting.title)),
          `${setting.key} is listed under User (listed: ${JSON.stringify(titles)})`,
        );
      }
      await userSettingsMatching(page, 'evalAdjudicator.dataDirectory');
      await screenshot(page, 'workbench-user-settings');
    },
  );
});
