// The Statistics view end to end: a run made with the CLI (official gpt4o results, a seeded sample, the
// decisions of two annotators), opened from the palette in a real VS Code; the charts are drawn on canvas,
// the kappa matches the CLI's report, a decision appended by the CLI shows up live, and the report exports.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type Page } from 'playwright-core';
import {
  REPO_ROOT,
  answerQuickPick,
  packageVsix,
  run,
  runCommand,
  runCommandAndPick,
  scratchDir,
  screenshot,
  waitForNotification,
  webviewFrame,
  withWorkbench,
} from '../lib';
import { DATA_DIR } from '../helpers/runFiles';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const RUN_NAME = 'yokaieval-official-gpt4o';

interface Sample {
  itemIds: string[];
  strata: Record<string, { itemIds: string[] } | undefined>;
}
interface Report {
  agreement: { judgeHuman: { kappa: number | null; kappaCI: [number, number] | null }; interAnnotator: { kappa: number | null } };
  conflicts: { itemId: string; verdicts: Record<string, string> }[];
}

const cli = async (...args: string[]): Promise<string> =>
  (await run(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, timeoutMs: 120_000 })).output;
const lines = <T>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
const flip = (v: string): string => (v === 'true' ? 'false' : 'true');

/**
 * Accepts the save dialog's proposed file (code-server's simple file dialog): waits until it shows a path
 * ending in `fileName`, then presses Enter until the dialog closes (an Enter while it lists the folder is lost).
 */
async function acceptSaveDialog(page: Page, title: string, fileName: string): Promise<void> {
  const box = page.locator('.quick-input-widget .quick-input-title', { hasText: title });
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await box.waitFor({ state: 'visible', timeout: 30_000 });
  const deadline = Date.now() + 15_000;
  while (!(await input.inputValue()).endsWith(fileName)) {
    if (Date.now() > deadline) throw new Error(`the save dialog proposed ${await input.inputValue()}, not …/${fileName}`);
    await page.waitForTimeout(200);
  }
  for (let i = 0; i < 10 && (await box.isVisible().catch(() => false)); i++) {
    await input.press('Enter');
    await page.waitForTimeout(500);
  }
}

/** Two annotators' decisions on 40 sampled items (the null stratum first): mostly the judge's, some not. */
function writeDecisions(runDir: string, dir: string): { a: string; b: string } {
  const verdicts = new Map(
    lines<{ itemId: string; verdict: boolean | null }>(join(runDir, 'results.jsonl')).map((l) => [l.itemId, l.verdict]),
  );
  const sample = lines<Sample>(join(runDir, 'samples.jsonl')).at(-1);
  assert.ok(sample !== undefined);
  const nulls = sample.strata['null']?.itemIds ?? [];
  const items = [...nulls, ...sample.itemIds.filter((id) => !nulls.includes(id))].slice(0, 40);
  const flags = ['invented-entity', 'wrong-region-or-period', 'cross-cultural-conflation', 'invented-entity', 'other'];
  const a: string[] = ['itemId,verdict,flag,note'];
  const b: string[] = ['itemId,verdict,flag,note'];
  items.forEach((id, i) => {
    const judge = verdicts.get(id);
    let va = judge === null || judge === undefined ? (i % 2 === 0 ? 'true' : 'false') : String(judge);
    if (i % 7 === 3) va = flip(va);
    a.push([id, va, va === 'false' && i % 3 === 0 ? flags[i % flags.length] : '', ''].join(','));
    if (i < 30) {
      const vb = i === 11 ? 'null' : i % 9 === 4 ? flip(va) : va;
      b.push([id, vb, vb === 'false' && i % 5 === 1 ? 'wrong-region-or-period' : '', ''].join(','));
    }
  });
  const paths = { a: join(dir, 'decisions-aiko.csv'), b: join(dir, 'decisions-ben.csv') };
  writeFileSync(paths.a, `${a.join('\n')}\n`);
  writeFileSync(paths.b, `${b.join('\n')}\n`);
  return paths;
}

test('Statistics: charts of a run adjudicated by two annotators, live refresh, export', { timeout: 600_000 }, async (t) => {
  const gpt4o = join(DATA_DIR, 'yokaieval', 'official-results', 'gpt4o.json');
  assert.ok(existsSync(gpt4o), `official results not found under ${DATA_DIR} (set EVAL_ADJUDICATOR_DATA)`);
  const root = scratchDir('statistics');
  const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') }); // builds dist/
  const workspaceDir = join(root, 'workspace');
  const runsDir = join(workspaceDir, 'runs');
  const runDir = join(runsDir, RUN_NAME);
  mkdirSync(workspaceDir);

  await cli('import', 'yokaieval-official', gpt4o, '--out', runsDir, '--data', DATA_DIR);
  await cli('sample', runDir, '--n', '60', '--seed', '1');
  const decisions = writeDecisions(runDir, root);
  await cli('adjudicate', runDir, '--from', decisions.a, '--annotator', 'Aiko');
  await cli('adjudicate', runDir, '--from', decisions.b, '--annotator', 'Ben');
  const report = JSON.parse(await cli('report', runDir, '--format', 'json')) as Report;
  const { kappa, kappaCI } = report.agreement.judgeHuman;
  assert.ok(kappa !== null && kappaCI !== null, 'the judge–human kappa has an interval');
  const kappaText = `κ ${kappa.toFixed(3)}`;
  const kappaInterval = `95% CI [${kappaCI[0].toFixed(3)}, ${kappaCI[1].toFixed(3)}]`;
  assert.ok(report.conflicts.length > 0, 'the two annotators disagree somewhere');

  const exportPath = join(runDir, 'validation-report.md'); // the dialog's proposal
  const settings = { 'workbench.colorTheme': 'Dark 2026' }; // VS Code 1.139's default dark theme
  await withWorkbench(
    { name: 'statistics', vsixPath, workspaceDir, settings, env: { EVAL_ADJUDICATOR_DATA: DATA_DIR }, signal: t.signal },
    async ({ page }) => {
      await runCommand(page, 'View: Close Primary Side Bar', { timeoutMs: 15_000 }).catch(() => undefined);
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        const inWebview = message.location().url.includes('/webview/');
        if (inWebview && /Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
      });
      await runCommandAndPick(page, 'Eval Adjudicator: Show Statistics', RUN_NAME);
      const frame = webviewFrame(page);
      await frame.locator('.kpi-judge-human .kpi-value').waitFor({ timeout: 60_000 });
      assert.equal((await frame.locator('.kpi-judge-human .kpi-value').innerText()).trim(), kappaText);
      assert.equal((await frame.locator('.kpi-judge-human .kpi-interval').innerText()).trim(), kappaInterval);
      assert.match(await frame.locator('.kpi-inter-annotator').innerText(), /Cohen’s kappa · 2 annotators/);

      // chart.js drew every chart on a canvas: five canvases with a size, and ink on them.
      const canvases = frame.locator('.chart-canvas canvas');
      await canvases.nth(4).waitFor({ timeout: 30_000 });
      assert.equal(await canvases.count(), 5);
      const inked = await canvases.evaluateAll((all) =>
        all.map((c) => {
          const canvas = c as HTMLCanvasElement;
          const ctx = canvas.getContext('2d');
          if (ctx === null || canvas.width === 0 || canvas.height === 0) return 0;
          const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted += 1;
          return painted;
        }),
      );
      assert.ok(
        inked.every((n) => n > 500),
        `every canvas has been drawn on (${inked.join(', ')})`,
      );
      await frame.locator('.heat-cell').first().waitFor();
      assert.equal(await frame.locator('.heat-cell').count(), 9);

      // Keyboard: a chart reads its bars aloud.
      await frame.locator('[data-chart="accuracy"]').focus();
      await page.keyboard.press('ArrowDown');
      await frame
        .locator('[role="status"]', { hasText: /Automatic \(judge\): 64\.0% \[60\.6, 67\.2\] \(1 of 3\)/ })
        .waitFor({ state: 'attached', timeout: 10_000 });
      await page.keyboard.press('Escape');
      await frame.locator('[data-chart="accuracy"]').blur();
      await page.waitForTimeout(800); // the charts' short entry animation
      await frame.locator('.stats-body').evaluate((body) => body.ownerDocument.defaultView?.scrollTo(0, 0));
      await screenshot(page, 'statistics');
      assert.deepEqual(cspViolations, [], 'the panel runs under its CSP without a violation (no eval, no inline style markup)');

      // A conflict settled with the CLI reaches the open view.
      const conflict = report.conflicts[0];
      assert.ok(conflict !== undefined);
      await cli('adjudicate', runDir, '--item', conflict.itemId, '--verdict', 'true', '--annotator', 'Lead', '--role', 'adjudicator');
      const conflictsBefore = report.conflicts.length;
      await frame.locator('.kpi-review', { hasText: `${conflictsBefore - 1} conflict` }).waitFor({ timeout: 30_000 });

      // Export the report as Markdown (the CLI `report` command's output).
      await frame.locator('.export-md').click();
      await acceptSaveDialog(page, 'Export Validation Report', 'validation-report.md');
      await waitForNotification(page, 'Exported validation-report.md');
      const markdown = readFileSync(exportPath, 'utf8');
      assert.ok(markdown.startsWith(`# Judge validation: ${RUN_NAME}`));
      assert.ok(markdown.includes(`${conflictsBefore - 1} conflicting items`));

      // A theme switch redraws the charts and the heatmap in the new theme's colours.
      await runCommand(page, 'Preferences: Color Theme');
      await answerQuickPick(page, 'Light 2026');
      await frame.locator('body.vscode-light').waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForTimeout(800);
      await screenshot(page, 'statistics-light');
      await runCommand(page, 'Preferences: Color Theme');
      await answerQuickPick(page, 'Dark 2026');
      await frame.locator('body.vscode-dark').waitFor({ state: 'attached', timeout: 30_000 });
      await page.waitForTimeout(800);

      for (const y of [880, 1760]) {
        await frame.locator('.stats-body').evaluate((body, top) => body.ownerDocument.defaultView?.scrollTo(0, top), y);
        await page.waitForTimeout(300);
        await screenshot(page, `statistics-scrolled-${y}`);
      }

      // After a window reload the panel comes back on the same run.
      await runCommand(page, 'Developer: Reload Window');
      const reloaded = webviewFrame(page);
      await reloaded.locator('.kpi-review', { hasText: `${conflictsBefore - 1} conflict` }).waitFor({ timeout: 90_000 });
    },
  );
});
