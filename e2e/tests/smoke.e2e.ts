// Proves the harness end to end: package a throwaway extension, install it into code-server, run its
// command from the palette, check the file it writes and its webview, click the webview's button.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  packageVsix,
  runCommand,
  runCommandAndPick,
  scratchDir,
  screenshot,
  typeIntoInput,
  waitForNotification,
  webviewFrame,
  withWorkbench,
} from '../lib';
import {
  SMOKE_ANSWERS_FILE,
  SMOKE_ASK_TITLE,
  SMOKE_CLICKED_FILE,
  SMOKE_COMMAND_TITLE,
  SMOKE_OUTPUT_FILE,
  SMOKE_TEXT_ENV,
  writeSmokeExtension,
} from '../smoke/smokeExtension';

async function waitForFile(path: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('smoke: a packaged extension runs in real VS Code and its webview answers', { timeout: 300_000 }, async (t) => {
  const root = scratchDir('smoke');
  const vsixPath = await packageVsix({
    extensionDir: writeSmokeExtension(join(root, 'extension')),
    outFile: join(root, 'e2e-smoke.vsix'),
  });
  const workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);
  const label = `Hello from env ${Date.now()}`;

  const options = { name: 'smoke', vsixPath, workspaceDir, env: { [SMOKE_TEXT_ENV]: label }, signal: t.signal };
  await withWorkbench(options, async ({ page }) => {
    await runCommand(page, SMOKE_COMMAND_TITLE);
    await waitForFile(join(workspaceDir, SMOKE_OUTPUT_FILE), 30_000);

    const frame = webviewFrame(page);
    const button = frame.locator('#smoke-button');
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await button.textContent(), label);

    await button.click();
    await frame.locator('#status', { hasText: 'acknowledged by host' }).waitFor({ timeout: 15_000 });
    await waitForFile(join(workspaceDir, SMOKE_CLICKED_FILE), 15_000);
    await screenshot(page, 'smoke');

    // The webview had the focus: VS Code gives it back after the palette closes, which can close the
    // command's quick pick as it opens (runCommandAndPick runs the command again then).
    await runCommandAndPick(page, SMOKE_ASK_TITLE, 'beta');
    await typeIntoInput(page, 'hello e2e');
    const note = await waitForNotification(page, 'E2E Smoke answers');
    assert.match(note, /beta \/ hello e2e/);
    await waitForFile(join(workspaceDir, SMOKE_ANSWERS_FILE), 15_000);
    assert.deepEqual(JSON.parse(readFileSync(join(workspaceDir, SMOKE_ANSWERS_FILE), 'utf8')), { pick: 'beta', text: 'hello e2e' });
    await screenshot(page, 'smoke-notification');
  });
});
