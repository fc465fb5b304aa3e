// The end-to-end check for Kalahi: from the command palette start an open-ended Kalahi run of 10
// items against the test server (slowed down, so that it runs for a while), follow it live in the Runs view
// and in the review opened from the run's notification, open the review from the palette, with blind review
// on (the setting) check the metric scores are hidden before deciding, override one automatic verdict with
// the keyboard, check the event in adjudications.jsonl (the verdict, and blind: true), save a screenshot of
// the reference view, and open the guidelines and the run's scoring settings from the panel.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
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
import { DATA_DIR, readLines, until } from '../helpers/runFiles';
import { startProjectTestServer } from '../helpers/testServer';

const KEY = 'sk-e2e-KalahiNeverWrittenAnywhere0123456789';
const ANNOTATOR = 'E2E Tagasuri';

interface Line {
  itemId: string;
  verdict: boolean | null;
  error: unknown;
}
interface Event {
  itemId: string;
  annotator: string;
  verdict?: boolean | null;
  blind?: boolean;
}

/** Moves the selection with j until the row at `to` (0-based) is selected and its detail has arrived. */
async function selectWithKeys(page: Page, frame: FrameLocator, to: number, itemId: string): Promise<void> {
  for (let at = 0; at < to; at++) {
    await page.keyboard.press('j');
    await frame.locator(`.row[aria-selected="true"][aria-posinset="${at + 2}"]`).waitFor({ timeout: 15_000 });
  }
  await frame.locator(`.row[aria-selected="true"][data-item-id="${itemId}"]`).waitFor({ timeout: 15_000 });
  await frame.locator('.detail-columns:not([aria-busy]) .pane-refs').waitFor({ timeout: 15_000 });
}

test(
  'Kalahi: an open-ended run of 10 items, reviewed blind: scores hidden until the keyboard override, the event says blind',
  { timeout: 600_000 },
  async (t) => {
    assert.ok(
      existsSync(join(DATA_DIR, 'kalahi', 'filipino.csv')),
      `official data not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`,
    );
    const server = await startProjectTestServer(['--require-api-key-env', 'E2E_SERVER_KEY', '--latency-ms', '1500'], {
      E2E_SERVER_KEY: KEY,
    });
    t.after(() => server.close());
    const root = scratchDir('kalahi');
    const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
    const workspaceDir = join(root, 'workspace');
    mkdirSync(workspaceDir);

    const env = {
      OPENAI_API_KEY: KEY,
      EVAL_ADJUDICATOR_DATA: DATA_DIR,
      EVAL_ADJUDICATOR_ANNOTATOR: ANNOTATOR,
      EVAL_ADJUDICATOR_CACHE: join(root, 'cache'),
    };
    // One request at a time, 1.5 s each: the run lasts about 15 s, long enough to watch it.
    const settings = { 'evalAdjudicator.blindReview': true, 'evalAdjudicator.concurrency': 1 };
    await withWorkbench({ name: 'kalahi-review', vsixPath, workspaceDir, env, settings, signal: t.signal }, async ({ page }) => {
      await runCommand(page, 'Eval Adjudicator: Start Run…');
      await answerQuickPick(page, 'Kalahi');
      await answerQuickPick(page, 'Open-ended');
      // The metric picker: Enter keeps the text metrics checked by default (BERTScore and BLEURT unchecked).
      await typeIntoInput(page, '', { title: 'open-ended metrics' });
      await answerQuickPick(page, 'OpenAI-compatible base URL');
      await typeIntoInput(page, server.url, { title: 'Base URL' });
      await typeIntoInput(page, 'test-model', { title: '(5/6)' });
      await answerQuickPick(page, 'First 10 items');

      const runsDir = join(workspaceDir, 'runs');
      const runName = await until(
        'the run folder',
        () => (existsSync(runsDir) ? readdirSync(runsDir).find((d) => d.startsWith('kalahi-test-model-')) : undefined),
        60_000,
      );
      const run = join(runsDir, runName);

      // Live: the run offers its review as soon as it has results; the review fills in as they arrive.
      await waitForNotification(page, 'follow it in the review', { timeoutMs: 60_000 });
      const started = page.locator('.notifications-toasts .notification-toast', { hasText: 'follow it in the review' });
      await started.locator('a', { hasText: 'Open Review' }).click();
      const live = webviewFrame(page);
      await live.locator('.row').nth(9).waitFor({ timeout: 60_000 });
      const pending = async (): Promise<number> => live.locator('.row-label', { hasText: /^item \d+$/ }).count();
      const pendingAtFirst = await pending();
      assert.ok(pendingAtFirst > 0, 'opened while items were still running');
      // The Runs view shows the run's progress with a spinning icon while results arrive.
      await runCommand(page, 'Eval Adjudicator: Focus on Runs View');
      const runRow = page.locator('.monaco-list-row', { hasText: 'test-model' }).first();
      await runRow.locator('.codicon-modifier-spin').waitFor({ timeout: 20_000 });
      assert.match(await runRow.innerText(), /kalahi · \d+\/10 \(\d+%\)/);
      await live
        .locator('.row-label', { hasText: /^item \d+$/ })
        .first()
        .waitFor({ state: 'detached', timeout: 60_000 });
      assert.equal(await pending(), 0, 'every result reached the open review');
      await live.locator('.run-status', { hasText: 'finished' }).waitFor({ timeout: 30_000 });
      // The "started" notification goes when the run ends (it used to stay until closed by hand).
      await started.waitFor({ state: 'detached', timeout: 30_000 });
      await runRow.locator('.codicon-modifier-spin').waitFor({ state: 'detached', timeout: 20_000 });
      assert.match(await runRow.innerText(), /kalahi · 10 items/);

      await until(
        'the run to finish',
        () =>
          existsSync(join(run, 'run.json')) &&
          (JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as { status: string }).status === 'finished'
            ? true
            : undefined,
        120_000,
      );
      const lines = readLines<Line>(join(run, 'results.jsonl'));
      assert.equal(lines.length, 10);
      assert.ok(lines.every((l) => l.error === null));
      const manifest = JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as {
        task: string;
        settings: { open: { primaryMetric: string } };
        dataset: { itemIds: string[] };
      };
      assert.equal(manifest.task, 'open');
      assert.equal(manifest.settings.open.primaryMetric, 'chrf');

      // Open the review from the palette (the run also offered it), picking the run.
      await runCommandAndPick(page, 'Eval Adjudicator: Review Run', runName);
      const frame = webviewFrame(page);
      await frame.locator('.row').nth(9).waitFor({ timeout: 60_000 });
      assert.equal(await frame.locator('.blind-toggle').getAttribute('aria-pressed'), 'true', 'blind review from the setting');
      await runCommand(page, 'View: Close Primary Side Bar');
      await runCommand(page, 'Notifications: Clear All Notifications');

      // The second item (in dataset order: results.jsonl is in completion order) whose automatic verdict, chrF's
      // acc, is true: the reviewer overrides it to false.
      const accepted = manifest.dataset.itemIds.filter((id) => lines.find((l) => l.itemId === id)?.verdict === true);
      const targetId = accepted[1] ?? accepted[0];
      assert.ok(targetId !== undefined, 'the scripted model gave some answers chrF accepts');
      const target = { itemId: targetId };
      const index = manifest.dataset.itemIds.indexOf(targetId);
      await frame.locator('.vlist').focus();
      await frame.locator('.row[aria-selected="true"][aria-posinset="1"]').waitFor({ timeout: 15_000 });
      await selectWithKeys(page, frame, index, target.itemId);

      // Before deciding: the references and the answer are there, the scores and the automatic verdict are not.
      assert.equal((await frame.locator('.pane-refs .ref').count()) > 0, true);
      assert.equal(await frame.locator('.pane-item .answer').count(), 1);
      assert.equal(await frame.locator('.score-value').count(), 0, 'no metric score before deciding');
      assert.equal(await frame.locator('.metric-table').count(), 0);
      assert.equal(await frame.locator('.pane-item .subheading .badge').count(), 0, 'no automatic verdict');
      await frame.locator('.pane-refs .blind-notice').waitFor();
      assert.match(await frame.locator(`.row[data-item-id="${target.itemId}"] .row-badges`).innerText(), /hidden/);

      await page.keyboard.press('f');
      const event = await until('the verdict event', () => readLines<Event>(join(run, 'adjudications.jsonl'))[0]);
      assert.deepEqual([event.itemId, event.annotator, event.verdict, event.blind], [target.itemId, ANNOTATOR, false, true]);

      // Decided: the scores, the maxima and the metric table appear; the list shows chrF's verdict and mine.
      await frame.locator('.score-value').first().waitFor({ timeout: 15_000 });
      await frame.locator('.metric-table').waitFor();
      await frame.locator(`.row[data-item-id="${target.itemId}"] .verdict-true`).first().waitFor({ timeout: 15_000 });
      assert.ok((await frame.locator('.ref.is-max').count()) >= 2, 'the max of each set is marked');
      assert.ok((await frame.locator('.pane-item .answer mark.overlap').count()) > 0, 'shared words are marked');
      await frame.locator('.detail-scroll').evaluate((e) => e.scrollTo(0, 0));
      // A taller window shows both sets of references in the screenshot.
      await page.setViewportSize({ width: 1600, height: 1150 });
      await frame.locator('.ref-list-irrelevant .ref').last().waitFor();
      await page.waitForTimeout(500);
      const shot = await screenshot(page, 'kalahi-references');
      assert.ok(existsSync(shot));

      // The guidelines (a Markdown preview) and the run's scoring settings (read-only), from the panel's keys.
      await frame.locator('.vlist').focus();
      await page.keyboard.press('g');
      await page.locator('.tab', { hasText: 'kalahi.md' }).first().waitFor({ timeout: 30_000 });
      assert.equal(
        await page.locator('.editor-group-container').count(),
        1,
        'the guidelines open in a tab of their own, not beside the review',
      );
      await page
        .locator('.tab', { hasText: `Review: Kalahi open-ended · ${runName}` })
        .first()
        .click();
      await frame.locator('.row').nth(9).waitFor({ timeout: 60_000 });
      await frame.locator('.vlist').focus();
      await page.keyboard.press('p');
      await page.locator('.tab', { hasText: 'Kalahi scoring' }).first().waitFor({ timeout: 30_000 });
    });
  },
);
