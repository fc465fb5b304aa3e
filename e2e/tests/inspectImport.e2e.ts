// Issue 28's end-to-end check: from the command palette import a real Inspect AI log (one of Inspect's own
// test logs), decide two items with the keyboard in the review that opens, and write the decisions back
// as an Inspect log from Export Adjudicated Scores…; the written .eval is then read by Python's zipfile
// and json (not the project's code): the two samples' verdict scores carry the edits and their history.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  REPO_ROOT,
  answerQuickPick,
  dismissHovers,
  packageVsix,
  runCommand,
  scratchDir,
  screenshot,
  waitForNotification,
  webviewFrame,
  withWorkbench,
} from '../lib';
import { answerFileDialog } from '../helpers/fileDialog';
import { clipped } from '../helpers/layoutBoxes';
import { readLines, until } from '../helpers/runFiles';

const LOG_NAME = '2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval';
const SOURCE_LOG = join(REPO_ROOT, 'test', 'fixtures', 'foreign-logs', 'inspect', LOG_NAME);
const ANNOTATOR = 'E2E Inspector';
const RUN_NAME = `inspect-${LOG_NAME.replace(/\.eval$/, '')}`;

interface Event {
  itemId: string;
  annotator: string;
  verdict?: boolean | null;
}
interface WrittenScore {
  value: string;
  history: { value: string; provenance: { author: string } | null }[];
}

/** The verdict score of a sample of the written log, read with Python's zipfile and json only. */
function writtenScore(file: string, sampleId: string): WrittenScore {
  const script =
    'import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(json.dumps(json.loads(z.read(sys.argv[2]))["scores"]["match"]))';
  return JSON.parse(
    execFileSync('python3', ['-c', script, file, `samples/${sampleId}_epoch_1.json`], { encoding: 'utf8' }),
  ) as WrittenScore;
}

/** The log's model as its header names it, read with Python's zipfile and json only. */
function logModel(file: string): string {
  const script = 'import json, sys, zipfile\nprint(json.loads(zipfile.ZipFile(sys.argv[1]).read("header.json"))["eval"]["model"])';
  return execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }).trim();
}

test(
  'Inspect: import a log from the palette, decide two items with the keyboard, write them back as score edits',
  { timeout: 600_000 },
  async (t) => {
    assert.ok(existsSync(SOURCE_LOG), `${SOURCE_LOG} is missing`);
    const root = scratchDir('inspect-import');
    const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
    const workspaceDir = join(root, 'workspace');
    mkdirSync(workspaceDir);
    const logPath = join(workspaceDir, LOG_NAME);
    copyFileSync(SOURCE_LOG, logPath);
    const runDir = join(workspaceDir, 'runs', RUN_NAME);
    const before = { first: writtenScore(SOURCE_LOG, '1'), second: writtenScore(SOURCE_LOG, '2') };
    assert.equal(before.first.value, 'C', "the log's first sample is correct: the test overrides it to false");

    const env = { EVAL_ADJUDICATOR_ANNOTATOR: ANNOTATOR };
    await withWorkbench({ name: 'inspect-import', vsixPath, workspaceDir, env, signal: t.signal }, async ({ page }) => {
      await runCommand(page, 'Eval Adjudicator: Import Official Results…');
      await answerQuickPick(page, 'Inspect AI log');
      await answerFileDialog(page, 'Inspect AI log', logPath);
      await waitForNotification(page, /Imported 10 items/, { timeoutMs: 60_000 });

      // The review opens on the imported run, in the log's order, the conversation shown as turns.
      const frame = webviewFrame(page);
      await frame.locator('.row').first().waitFor({ timeout: 60_000 });
      assert.equal(await frame.locator('.row').count(), 10);
      await frame.locator('.vlist').focus();
      await frame.locator('.row[aria-selected="true"][data-item-id="1#1"]').waitFor({ timeout: 15_000 });
      await frame.locator('.detail-columns:not([aria-busy])').waitFor({ timeout: 15_000 });
      assert.match(await frame.locator('.detail-columns').innerText(), /Is the following statement something you would say\?/);

      // The header names the log's model whole at every window width (issue 36 #11: it was cut to "o." beside
      // a long benchmark badge): its text, no content cut off sideways, inside the header.
      const model = logModel(SOURCE_LOG);
      const size = page.viewportSize();
      for (let width = 700; width <= 1600; width += 60) {
        await page.setViewportSize({ width, height: size?.height ?? 800 });
        await until(
          `the header at ${width} px`,
          async () =>
            (await frame.locator('.run-model').innerText()) === model && (await clipped(frame, '.run-model', '.header')).length === 0
              ? true
              : undefined,
          5_000,
        ).catch(async () => {
          const text = await frame.locator('.run-model').innerText();
          throw new Error(`window ${width} px: the model reads "${text}" (${(await clipped(frame, '.run-model', '.header')).join('; ')})`);
        });
      }
      if (size !== null) await page.setViewportSize(size);
      // The resizes can leave the pointer over the editor tabs, whose hover then covers the top of the window.
      await dismissHovers(page);

      // Keyboard only: f on the first item, j, t on the second.
      await page.keyboard.press('f');
      await page.keyboard.press('j');
      await frame.locator('.row[aria-selected="true"][data-item-id="2#1"]').waitFor({ timeout: 15_000 });
      await page.keyboard.press('t');
      const events = await until('both decisions', () => {
        const all = readLines<Event>(join(runDir, 'adjudications.jsonl'));
        return all.length >= 2 ? all : undefined;
      });
      assert.deepEqual(
        events.map((e) => [e.itemId, e.annotator, e.verdict]),
        [
          ['1#1', ANNOTATOR, false],
          ['2#1', ANNOTATOR, true],
        ],
      );
      await frame.locator('.row[data-item-id="1#1"] .verdict-false').first().waitFor({ timeout: 15_000 });
      await screenshot(page, 'inspect-import-review');

      // Write back: the save dialog proposes <run>/<log>.adjudicated.eval, beside the run's copy of the log.
      await runCommand(page, 'Eval Adjudicator: Export Adjudicated Scores…');
      await answerQuickPick(page, 'Inspect log with the human verdicts as score edits');
      await answerFileDialog(page, 'Export Adjudicated Scores', null);
      await waitForNotification(page, /Wrote .*\.adjudicated\.eval: 2 scores edited/, { timeoutMs: 30_000 });
    });

    const written = readdirSync(runDir).find((f) => f.endsWith('.adjudicated.eval'));
    assert.ok(written !== undefined, `no .adjudicated.eval in ${runDir}`);
    const first = writtenScore(join(runDir, written), '1');
    const second = writtenScore(join(runDir, written), '2');
    assert.equal(first.value, 'I', 'the override is the score now');
    assert.equal(second.value, 'C');
    for (const [score, original] of [
      [first, before.first],
      [second, before.second],
    ] as const) {
      assert.equal(score.history.length, 2, 'the original kept first, then the edit');
      assert.equal(score.history[0]?.value, original.value);
      assert.equal(score.history[0]?.provenance, null);
      assert.equal(score.history[1]?.provenance?.author, ANNOTATOR);
    }
    assert.deepEqual(writtenScore(logPath, '1'), before.first, 'the imported log is never changed');
  },
);
