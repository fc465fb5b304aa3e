// The end-to-end check: from the command palette start a YokaiEval run of 20 items against the test
// server, open its review, with the keyboard override a null verdict to true and flag one item, then check
// adjudications.jsonl and the exported CSV, take a screenshot, and see the decisions survive a reload.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { type FrameLocator, type Page } from 'playwright-core';
import {
  REPO_ROOT,
  answerQuickPick,
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
import { saveReadmeScreenshot } from '../helpers/readmeScreenshot';
import { DATA_DIR, readLines, until } from '../helpers/runFiles';
import { startProjectTestServer } from '../helpers/testServer';

const KEY = 'sk-e2e-NeverWrittenAnywhere0123456789';
const ANNOTATOR = 'E2E Annotator';

interface Line {
  itemId: string;
  verdict: boolean | null;
  error: unknown;
}
interface Event {
  itemId: string;
  annotator: string;
  verdict?: boolean | null;
  hallucination: string | null;
}

/** Moves the selection one j/k press at a time until itemId is selected; each press must move exactly one row. */
async function selectWithKeys(page: Page, frame: FrameLocator, from: number, to: number, itemId: string): Promise<void> {
  const selected = frame.locator('.row[aria-selected="true"]');
  let at = from;
  while (at !== to) {
    const key = to > at ? 'j' : 'k';
    await page.keyboard.press(key);
    at += to > at ? 1 : -1;
    await frame
      .locator(`.row[aria-selected="true"][aria-posinset="${at + 1}"]`)
      .waitFor({ timeout: 15_000 })
      .catch(async () => {
        throw new Error(
          `after "${key}" the selected row is #${(await selected.getAttribute('aria-posinset')) ?? '?'}, expected #${at + 1}`,
        );
      });
  }
  await frame.locator(`.row[aria-selected="true"][data-item-id="${itemId}"]`).waitFor({ timeout: 15_000 });
  await frame.locator('.detail-columns:not([aria-busy])').waitFor({ timeout: 15_000 });
}

test('YokaiEval: start a 20-item run from the palette, adjudicate with the keyboard, export, reload', { timeout: 600_000 }, async (t) => {
  assert.ok(
    existsSync(join(DATA_DIR, 'yokaieval', 'YokaiEval.json')),
    `official data not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`,
  );
  const server = await startProjectTestServer(
    ['--require-api-key-env', 'E2E_SERVER_KEY', '--judge-template', join(DATA_DIR, 'yokaieval', 'judge_prompt.txt')],
    { E2E_SERVER_KEY: KEY },
  );
  t.after(() => server.close());
  const root = scratchDir('yokaieval');
  const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
  const workspaceDir = join(root, 'workspace');
  mkdirSync(workspaceDir);

  const env = {
    OPENAI_API_KEY: KEY,
    EVAL_ADJUDICATOR_DATA: DATA_DIR,
    EVAL_ADJUDICATOR_ANNOTATOR: ANNOTATOR,
    EVAL_ADJUDICATOR_CACHE: join(root, 'cache'),
  };
  await withWorkbench({ name: 'yokaieval-review', vsixPath, workspaceDir, env, signal: t.signal }, async ({ page }) => {
    await runCommand(page, 'Eval Adjudicator: Start Run…');
    await answerQuickPick(page, 'YokaiEval');
    await answerQuickPick(page, 'OpenAI-compatible base URL');
    await typeIntoInput(page, server.url, { title: 'Base URL' });
    await typeIntoInput(page, 'test-model', { title: '(3/5)' });
    await answerQuickPick(page, "On the model's endpoint");
    await typeIntoInput(page, 'gpt-4o', { title: '(4/5)' });
    await answerQuickPick(page, 'First 20 items');

    const runsDir = join(workspaceDir, 'runs');
    const runDir = await until(
      'the run folder',
      () => (existsSync(runsDir) ? readdirSync(runsDir).find((d) => d.startsWith('yokaieval-test-model-')) : undefined),
      60_000,
    );
    const run = join(runsDir, runDir);
    const frame = webviewFrame(page);
    await frame.locator('.row').first().waitFor({ timeout: 120_000 });
    const lines = readLines<Line>(join(run, 'results.jsonl'));
    assert.equal(lines.length, 20);
    const resultsHash = createHash('sha256')
      .update(readFileSync(join(run, 'results.jsonl')))
      .digest('hex');
    // results.jsonl is in completion order; the list is in dataset order (run.json's itemIds).
    const order = (JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as { dataset: { itemIds: string[] } }).dataset.itemIds;
    const byId = new Map(lines.map((l) => [l.itemId, l]));
    const nullIndex = order.findIndex((id) => byId.get(id)?.error === null && byId.get(id)?.verdict === null);
    const falseIndex = order.findIndex((id) => byId.get(id)?.error === null && byId.get(id)?.verdict === false);
    assert.ok(nullIndex >= 0 && falseIndex >= 0, 'the scripted judge gave a null and a false verdict among the first 20 items');
    const nullItem = order[nullIndex] ?? '';
    const falseItem = order[falseIndex] ?? '';

    // Keyboard only from here: focus the list, move, decide, flag.
    await frame.locator('.vlist').focus();
    await frame.locator('.row[aria-selected="true"][data-item-id="0"]').waitFor({ timeout: 15_000 });
    await selectWithKeys(page, frame, 0, nullIndex, nullItem);
    await page.keyboard.press('t');
    await until('the verdict event', () => (readLines<Event>(join(run, 'adjudications.jsonl')).length >= 1 ? true : undefined));
    await selectWithKeys(page, frame, nullIndex, falseIndex, falseItem);
    await page.keyboard.press('h');
    await page.keyboard.press('1');
    const events = await until('the flag event', () => {
      const all = readLines<Event>(join(run, 'adjudications.jsonl'));
      return all.length >= 2 ? all : undefined;
    });
    assert.deepEqual(
      events.map((e) => [e.itemId, e.annotator, e.verdict, e.hallucination]),
      [
        [nullItem, ANNOTATOR, true, null],
        [falseItem, ANNOTATOR, undefined, 'invented-entity'],
      ],
    );
    await frame.locator(`.row[data-item-id="${nullItem}"] .verdict-true`).first().waitFor({ timeout: 15_000 });
    await screenshot(page, 'yokaieval-review');
    await saveReadmeScreenshot(page, frame);

    await runCommandAndPick(page, 'Eval Adjudicator: Export Adjudicated Scores…', 'CSV');
    // The save dialog proposes <run>/adjudicated.csv. code-server's simple dialog fills its input while it
    // loads the folder (typing before that is lost, and Enter may open the active folder row): wait until
    // the proposal is shown, then press OK until the export is announced.
    const exportPath = join(run, 'adjudicated.csv');
    const dialog = page.locator('.quick-input-widget');
    await dialog.locator('.quick-input-title', { hasText: 'Export Adjudicated Scores' }).waitFor({ timeout: 30_000 });
    await until('the proposed file name', async () =>
      (await dialog.locator('.quick-input-box input').inputValue()).endsWith('adjudicated.csv') ? true : undefined,
    );
    for (let attempt = 1; ; attempt++) {
      await dialog.getByRole('button', { name: 'OK' }).click();
      const announced = await waitForNotification(page, 'Exported adjudicated.csv', { timeoutMs: 8_000 }).then(
        () => true,
        () => false,
      );
      if (announced) break;
      if (!(await dialog.isVisible())) {
        await waitForNotification(page, 'Exported adjudicated.csv');
        break;
      }
      if (attempt === 4) throw new Error('the save dialog stayed open after pressing OK four times');
    }
    // Read back with a real CSV parser, as a spreadsheet does: CRLF, LF and CR all end an unquoted record
    // (choices hold line breaks; splitting on "\r\n" is what hid issue 12's unquoted cells).
    const csv = readFileSync(exportPath, 'utf8');
    assert.ok(csv.startsWith('\uFEFFitemId,question,choices,gold,response,judgeReply,automaticVerdict,humanVerdict'));
    const rows = parse(csv, { bom: true, columns: true, record_delimiter: ['\r\n', '\n', '\r'] }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => r['itemId']),
      order,
      'one record per item, in dataset order',
    );
    const cellsOf = (id: string): string[] => {
      const r = rows.find((row) => row['itemId'] === id) ?? {};
      return ['automaticVerdict', 'humanVerdict', 'decidedBy', 'annotators', 'flags', 'notes'].map((column) => r[column] ?? '?');
    };
    assert.deepEqual(cellsOf(nullItem), ['null', 'true', ANNOTATOR, ANNOTATOR, '', '']);
    assert.deepEqual(cellsOf(falseItem), ['false', '', '', ANNOTATOR, 'invented-entity', '']);

    await runCommand(page, 'Developer: Reload Window');
    const reloaded = webviewFrame(page);
    await reloaded.locator(`.row[data-item-id="${nullItem}"] .verdict-true`).first().waitFor({ timeout: 90_000 });
    assert.equal(
      createHash('sha256')
        .update(readFileSync(join(run, 'results.jsonl')))
        .digest('hex'),
      resultsHash,
      'results.jsonl never changes',
    );
    assert.ok(!readFileSync(join(run, 'run.json'), 'utf8').includes(KEY));
  });
});
