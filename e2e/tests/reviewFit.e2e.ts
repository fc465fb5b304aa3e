// Issue 36 items 4 and 5, measured on element boxes in a real VS Code window: for YokaiEval, Kalahi
// open-ended and Kalahi multiple choice, the item, the gold answer or the reference compared with, the
// model's output, the automatic verdict and the decision bar are in view without scrolling the page and clear
// of the decision bar, at 1000x700 with the Runs side bar open, at 1440x900 and at 3840x2160 (where the
// decision bar follows the item closely); the list column's chips and row tags are not cut off; in Kalahi `o`
// brings each reference into view in the references column while the prompt and the answer stay where they
// were. Three runs made with the CLI against the project's test server.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { type FrameLocator, type Page } from 'playwright-core';
import { REPO_ROOT, packageVsix, run, runCommand, runCommandAndPick, scratchDir, screenshot, webviewFrame, withWorkbench } from '../lib';
import { clipped, measure, notInView, show } from '../helpers/layoutBoxes';
import { DATA_DIR } from '../helpers/runFiles';
import { startProjectTestServer } from '../helpers/testServer';

const CLI = join(REPO_ROOT, 'dist', 'cli.js');

interface View {
  readonly width: number;
  readonly height: number;
  readonly sideBar: boolean;
}

const VIEWS: readonly View[] = [
  { width: 1000, height: 700, sideBar: true },
  { width: 1440, height: 900, sideBar: false },
  { width: 3840, height: 2160, sideBar: false },
];

/** The decision bar's buttons: verdicts where the item takes one, the flag button on every item. */
const VERDICT_BAR = '.adjudication .verdict-buttons';
const FLAG_BAR = '.adjudication .flag-button';

interface Benchmark {
  readonly run: string;
  readonly tab: string;
  readonly bar: string;
  /** The parts a decision rests on (every element of each must be in view). */
  readonly parts: Readonly<Record<string, string>>;
}

const BENCHMARKS: readonly Benchmark[] = [
  {
    run: 'yokaieval-fit',
    tab: 'YokaiEval',
    bar: VERDICT_BAR,
    parts: {
      'the question': '.pane-item .question',
      'every choice': '.pane-item .choice',
      'the gold answer': '.choice.is-gold .tag-gold',
      'the model’s output': '.pane-model .response',
      'the judge’s verdict': '.pane-model .subheading .badge',
    },
  },
  {
    run: 'kalahi-open-fit',
    tab: 'Kalahi',
    bar: VERDICT_BAR,
    parts: {
      'the prompt': '.pane-item .prompt',
      'the model’s answer': '.pane-item .answer',
      'the automatic verdict': '.pane-item .subheading .badge',
      'the reference compared with': '.ref.is-compared',
    },
  },
  {
    run: 'kalahi-mc-fit',
    tab: 'Kalahi',
    bar: FLAG_BAR,
    parts: {
      'the prompt': '.pane-item .prompt',
      'the MC1 and MC2 outcome': '.pane-item .callout-title',
      'the best answer': '.ref.is-best',
    },
  },
];

async function setView(page: Page, view: View): Promise<void> {
  await page.setViewportSize({ width: view.width, height: view.height });
  if (view.sideBar) await runCommand(page, 'Eval Adjudicator: Focus on Runs View', { timeoutMs: 30_000 });
  else await runCommand(page, 'View: Close Primary Side Bar', { timeoutMs: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(700);
}

async function openReview(page: Page, runName: string): Promise<FrameLocator> {
  await runCommandAndPick(page, 'Eval Adjudicator: Review Run', runName);
  const frame = webviewFrame(page);
  await frame.locator('.row').first().waitFor({ timeout: 60_000 });
  await frame
    .locator('.detail-columns:not([aria-busy]) .pane-model, .detail-columns:not([aria-busy]) .pane-refs')
    .first()
    .waitFor({ timeout: 30_000 });
  return frame;
}

/**
 * At 4K the decision bar follows the item: it begins where the detail's panes end (no empty band between), in
 * the window's upper half, and no pane hides anything below its fold.
 */
async function barFollowsItem(frame: FrameLocator, label: string, windowHeight: number): Promise<string[]> {
  const found = await measure(frame, { detail: '.detail-columns', bar: '.adjudication' });
  const [detail] = found['detail'] ?? [];
  const [bar] = found['bar'] ?? [];
  if (detail === undefined || bar === undefined) return [`${label}: no detail or no decision bar`];
  const problems: string[] = [];
  const gap = bar.box.y - (detail.box.y + detail.box.height);
  if (Math.abs(gap) > 2)
    problems.push(`${label}: ${Math.round(gap)} px between the detail ${show(detail.box)} and the decision bar ${show(bar.box)}`);
  if (bar.box.y > windowHeight / 2) problems.push(`${label}: the decision bar ${show(bar.box)} is in the window's lower half`);
  const panes = frame.locator('.detail-columns > .pane');
  const hidden = await panes.evaluateAll((all) => all.filter((p) => p.scrollHeight > p.clientHeight + 1).map((p) => p.className));
  for (const pane of hidden) problems.push(`${label}: ${pane} scrolls though the window has room`);
  return problems;
}

/** Kalahi: `o` through every reference; each comes into view, the prompt and the answer do not move. */
async function cycleReferences(page: Page, frame: FrameLocator, label: string): Promise<string[]> {
  const problems: string[] = [];
  const fixed = { prompt: '.pane-item .prompt', answer: '.pane-item .answer' };
  const before = await measure(frame, fixed);
  const count = await frame.locator('.ref').count();
  await frame.locator('.vlist').focus();
  for (let i = 0; i < count; i++) {
    const was = await frame.locator('.ref.is-compared').getAttribute('data-ref');
    await page.keyboard.press('o');
    await frame.locator(`.ref.is-compared:not([data-ref="${was ?? ''}"])`).waitFor({ timeout: 5_000 });
    await page.waitForTimeout(150);
    const key = (await frame.locator('.ref.is-compared').getAttribute('data-ref')) ?? '?';
    problems.push(...(await notInView(page, frame, { [`after o, ${key}`]: '.ref.is-compared', ...fixed }, VERDICT_BAR, label)));
    const after = await measure(frame, fixed);
    for (const name of Object.keys(fixed)) {
      const a = before[name]?.[0]?.box;
      const b = after[name]?.[0]?.box;
      const moved = a !== undefined && b !== undefined && Math.abs(a.y - b.y) > 1;
      if (moved) problems.push(`${label}: after o to ${key} the ${name} moved ${show(a)} → ${show(b)}`);
    }
  }
  return problems;
}

const TITLE =
  'Review fit: each benchmark’s item, reference, output, verdict and decision bar in view at 1000x700 with the side bar, 1440x900 and 4K';

test(TITLE, { timeout: 900_000 }, async (t) => {
  const server = await startProjectTestServer(['--judge-template', join(DATA_DIR, 'yokaieval', 'judge_prompt.txt')]);
  t.after(() => server.close());
  const root = scratchDir('fit');
  const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') }); // builds dist/
  const workspaceDir = join(root, 'workspace');
  const runsDir = join(workspaceDir, 'runs');
  mkdirSync(workspaceDir);
  const cliEnv = { ...process.env, OPENAI_API_KEY: 'sk-fit-test', EVAL_ADJUDICATOR_CACHE: join(root, 'cache') };
  const cli = (...args: string[]) => run(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: cliEnv, timeoutMs: 300_000 });
  const common = ['--model', 'test-model', '--base-url', server.url, '--data', DATA_DIR, '--out', runsDir, '--limit', '8', '--no-cache'];
  await cli('run', 'yokaieval', ...common, '--name', 'yokaieval-fit');
  await cli('run', 'kalahi', '--task', 'open', ...common, '--name', 'kalahi-open-fit');
  await cli('run', 'kalahi', '--task', 'mc', ...common, '--name', 'kalahi-mc-fit');

  const env = { EVAL_ADJUDICATOR_DATA: DATA_DIR, EVAL_ADJUDICATOR_ANNOTATOR: 'Fit Tester', EVAL_ADJUDICATOR_CACHE: join(root, 'cache') };
  await withWorkbench({ name: 'review-fit', vsixPath, workspaceDir, env, signal: t.signal }, async ({ page }) => {
    const problems: string[] = [];
    await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
    for (const benchmark of BENCHMARKS) {
      await runCommand(page, 'View: Close All Editors').catch(() => undefined);
      await page.setViewportSize({ width: 1440, height: 900 });
      const frame = await openReview(page, benchmark.run);
      if (benchmark.bar === VERDICT_BAR) {
        // A decision: the row then carries a human badge and a marker beside the automatic verdict.
        await frame.locator('.vlist').focus();
        await page.keyboard.press('t');
        await frame.locator('.row[aria-selected="true"] .marker-mine').waitFor({ timeout: 15_000 });
      }
      for (const view of VIEWS) {
        await setView(page, view);
        const label = `${benchmark.run} ${view.width}x${view.height}${view.sideBar ? ' with the side bar' : ''}`;
        const sideBar = await page.locator('#workbench\\.parts\\.sidebar').boundingBox();
        if (view.sideBar && (sideBar === null || sideBar.width < 100)) problems.push(`${label}: the side bar did not open`);
        problems.push(
          ...(await notInView(page, frame, { ...benchmark.parts, 'the decision bar’s buttons': benchmark.bar }, '.adjudication', label)),
        );
        const found = await measure(frame, { ...benchmark.parts, bar: '.adjudication' });
        console.log(
          `fit: ${label}: ${Object.entries(found)
            .map(([name, all]) => `${name} ${all.map((m) => show(m.box)).join(' ')}`)
            .join('; ')}`,
        );
        problems.push(...(await clipped(frame, '.chip-group', '.list-panel')), ...(await clipped(frame, '.row-top', '.vlist')));
        if (view.width >= 3000) problems.push(...(await barFollowsItem(frame, label, view.height)));
        await screenshot(page, `fit-${benchmark.run}-${view.width}x${view.height}`);
        if (benchmark.run === 'kalahi-open-fit' && view.width < 3000) problems.push(...(await cycleReferences(page, frame, `${label}, o`)));
      }
    }
    for (const p of problems) console.log(`fit: ${p}`);
    assert.deepEqual(problems, []);
  });
});
