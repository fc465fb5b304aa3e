import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

// Files written by scripts/foreign-fixtures/make-lm-eval.py after lm-eval's writer (README beside them).
const DIR = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'lm-eval');
const RESULTS = join(DIR, 'results_2026-12-03T12-00-00.000000.json');
const samplesOf = (task: string): string => join(DIR, `samples_${task}_2026-12-03T12-00-00.000000.jsonl`);
const reported = (task: string, key: string): number =>
  (JSON.parse(readFileSync(RESULTS, 'utf8')) as { results: Record<string, Record<string, number>> }).results[task]?.[key] ?? Number.NaN;
const perSample = (task: string, metric: string): unknown[] =>
  readFileSync(samplesOf(task), 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as Record<string, unknown>)[metric]);

async function importTask(task: string, metric: string): Promise<{ dir: string; stderr: string }> {
  const result = await runCli([
    'import',
    'lm-eval',
    samplesOf(task),
    '--results',
    RESULTS,
    '--out',
    scratchDir('lm-eval-graded'),
    '--score',
    metric,
  ]);
  assert.equal(result.code, 0, result.stderr);
  return { dir: result.lastLine, stderr: result.stderr };
}

/** Python's sum before 3.12 (a plain loop), over the count: the fixture's Python (3.11) wrote the figures so. */
const plainMean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

test('lm-eval graded: per-sample f1, bleu_max and bleu_diff (aggregation mean) are grades on a number scale, their mean the log figure to the last digit', async () => {
  for (const [task, metric, range] of [
    ['yokai_qa', 'f1', [0, 1]],
    ['yokai_truthful', 'bleu_max', [0, 100]],
    ['yokai_truthful', 'bleu_diff', [-100, 100]],
  ] as const) {
    const { dir } = await importTask(task, metric);
    const state = loadRunState(dir, RUN_REGISTRY);
    assert.deepEqual(state.manifest.scale, { kind: 'numeric', min: range[0], max: range[1] }, metric);
    const values = perSample(task, metric) as number[];
    state.manifest.dataset.itemIds.forEach((id, i) => {
      assert.equal(state.current.get(id)?.grade, values[i]);
      assert.equal(state.current.get(id)?.verdict, null);
    });
    const summary = summarizeRun(dir) as ForeignRunSummary;
    const figure = reported(task, `${metric},none`);
    assert.equal(plainMean(values), figure, 'the fixture is what the test thinks it is');
    assert.equal(summary.log?.automatic, figure, metric);
    assert.equal(summary.log?.reproduced, figure);
    assert.deepEqual(
      [summary.log?.equal, summary.log?.aggregation, summary.log?.graded, summary.log?.higherIsBetter],
      [true, 'mean', { samples: values.length, nulls: 0 }, true],
    );
    const cli = await runCli(['summary', dir]);
    assert.match(
      cli.stdout,
      new RegExp(
        `reports ${metric} ${metric},none ${figure} \\(reproduced from its samples, higher is better\\); mean grade here ${figure} over ${values.length} graded samples: the same`,
      ),
    );
  }
});

test('lm-eval graded: a metric aggregated otherwise (mae by median, lower is better) shows its per-sample mean beside the figure, never as a match', async () => {
  const { dir } = await importTask('yokai_count', 'mae');
  const values = perSample('yokai_count', 'mae') as number[];
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const figure = reported('yokai_count', 'mae,none');
  assert.equal(median, figure);
  // The two numbers happen to be the same, and still they are not a match: a median is not a mean.
  assert.equal(plainMean(values), figure);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.deepEqual(
    [summary.log?.equal, summary.log?.aggregation, summary.log?.automatic, summary.log?.reproduced, summary.log?.higherIsBetter],
    [false, 'median', plainMean(values), median, false],
  );
  const stdout = (await runCli(['summary', dir])).stdout;
  assert.match(
    stdout,
    /reports mae mae,none 2 \(its 'median' aggregation over all samples, a corpus-level figure; reproduced from its samples, lower is better\); per-sample mean here 2 over 5 graded samples \(not comparable\)/,
  );
  assert.match(stdout, /why: the log's mae,none is its 'median' aggregation over all samples, not the mean of per-sample values/);
});

test('lm-eval graded: a corpus f1 of (gold, prediction) pairs is said to be one; its samples are null, the accuracy beside it never a match', async () => {
  const { dir, stderr } = await importTask('yokai_yesno', 'f1');
  assert.match(
    stderr,
    /6 samples hold f1 as a list \(lm-eval's \(gold, prediction\) pairs of a corpus-level metric\): no per-sample grade, they are null/,
  );
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.equal(state.manifest.scale, undefined);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.automatic.counts.null, 6);
  assert.deepEqual(
    [summary.log?.equal, summary.log?.aggregation, summary.log?.reported, summary.log?.reproduced],
    [false, 'f1', reported('yokai_yesno', 'f1,none'), null],
  );
  assert.match(
    (await runCli(['summary', dir])).stdout,
    /its 'f1' aggregation over all samples, a corpus-level figure; not reproduced, higher is better\); automatic accuracy here 0 \(not comparable\)/,
  );
});

test('lm-eval: a binary metric of the same log imports as before (no scale, verdicts, its accuracy the same)', async () => {
  const { dir } = await importTask('yokai_yesno', 'acc');
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.equal(state.manifest.scale, undefined);
  assert.equal(readFileSync(join(dir, 'results.jsonl'), 'utf8').includes('"grade"'), false);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.automatic.accuracy, reported('yokai_yesno', 'acc,none'));
  assert.deepEqual([summary.log?.equal, summary.log?.graded], [true, undefined]);
});
