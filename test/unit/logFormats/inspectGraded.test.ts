import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { INSPECT_FIXTURES, type Json, POPULARITY, evalMember } from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

// Written by scripts/foreign-fixtures/make-inspect-graded.py from the real popularity log (README beside them).
const PARTIAL = join(INSPECT_FIXTURES, 'graded-partial.eval');
const RATING = join(INSPECT_FIXTURES, 'graded-rating.eval');
const CLOSENESS = join(INSPECT_FIXTURES, 'graded-closeness.eval');

async function importLog(file: string): Promise<{ dir: string; stderr: string }> {
  const result = await runCli(['import', 'inspect', file, '--out', scratchDir('inspect-graded')]);
  assert.equal(result.code, 0, result.stderr);
  return { dir: result.lastLine, stderr: result.stderr };
}

/** Each sample's score value by "id#epoch", read with the tests' zip reader and JSON.parse (NaN as Python writes it). */
function valuesOf(file: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [name, data] of readZipEntries(readFileSync(file))) {
    if (!name.startsWith('samples/')) continue;
    const sample = JSON.parse(data.toString('utf8').replace(/: NaN/g, ': null')) as {
      id: number;
      epoch: number;
      scores: Record<string, { value: unknown }>;
    };
    out.set(`${sample.id}#${sample.epoch}`, Object.values(sample.scores)[0]?.value);
  }
  return out;
}

const firstMetric = (file: string, metric: string): number =>
  (evalMember(file, 'header.json')['results'] as { scores: { metrics: Record<string, { value: number }> }[] }).scores[0]?.metrics[metric]
    ?.value ?? Number.NaN;

test('Inspect graded: C/P/I (model_graded_qa with partial credit) is an ordinal scale at value_to_float values; the mean grade is the log accuracy', async () => {
  const { dir, stderr } = await importLog(PARTIAL);
  assert.match(stderr, /model_graded_qa is graded on I 0, P 0\.5, C 1 \(N as 0, as Inspect counts it\)/);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(state.manifest.scale?.kind === 'ordinal' ? state.manifest.scale.levels.map((l) => [l.name, l.value]) : null, [
    ['I', 0],
    ['P', 0.5],
    ['C', 1],
  ]);
  const letters: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };
  for (const [id, value] of valuesOf(PARTIAL)) {
    assert.equal(state.current.get(id)?.grade, letters[String(value)], id);
    assert.equal(state.current.get(id)?.verdict, null);
  }
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.log?.automatic, firstMetric(PARTIAL, 'accuracy'));
  assert.deepEqual(
    [summary.log?.equal, summary.log?.reproduced, summary.log?.graded],
    [true, firstMetric(PARTIAL, 'accuracy'), { samples: 10, nulls: 0 }],
  );
});

test('Inspect graded: MT-Bench-style 1-10 ratings are a 1-10 rating scale, an unscored (NaN) sample null and left out as Inspect does; the mean is the log mean', async () => {
  const { dir } = await importLog(RATING);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(
    state.manifest.scale?.kind === 'ordinal' ? state.manifest.scale.levels.map((l) => l.value) : null,
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  );
  const values = valuesOf(RATING);
  for (const [id, value] of values) assert.equal(state.current.get(id)?.grade, value, id);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  const scored = [...values.values()].filter((v): v is number => typeof v === 'number');
  assert.equal(scored.length, 9);
  assert.equal(summary.log?.automatic, firstMetric(RATING, 'mean'));
  assert.deepEqual([summary.log?.equal, summary.log?.graded], [true, { samples: 9, nulls: 1 }]);
  assert.match(
    (await runCli(['summary', dir])).stdout,
    /reports mt_bench_judge mean 6\.444444444444445 \(reproduced from its samples\); mean grade here 6\.444444444444445 over 9 graded samples: the same/,
  );
});

test('Inspect graded: float scores are a 0-1 number scale, their numpy mean the log mean to the last digit', async () => {
  const { dir } = await importLog(CLOSENESS);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(state.manifest.scale, { kind: 'numeric', min: 0, max: 1 });
  for (const [id, value] of valuesOf(CLOSENESS)) assert.equal(state.current.get(id)?.grade, value, id);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.deepEqual([summary.log?.automatic, summary.log?.equal], [firstMetric(CLOSENESS, 'mean'), true]);
});

test('Inspect graded: a value that is no grade (text) is null here, and the summary says the log counts it 0', async () => {
  const entries = readZipEntries(readFileSync(PARTIAL));
  const sample = JSON.parse(entries.get('samples/3_epoch_1.json')?.toString('utf8') ?? '{}') as Json & {
    scores: Record<string, { value: unknown }>;
  };
  const score = sample.scores['model_graded_qa'];
  assert.ok(score);
  score.value = 'unsure';
  entries.set('samples/3_epoch_1.json', Buffer.from(JSON.stringify(sample)));
  const file = join(scratchDir('inspect-graded-text'), 'text.eval');
  writeFileSync(file, zipSync(Object.fromEntries([...entries].map(([name, data]) => [name, new Uint8Array(data)]))));
  const { dir } = await importLog(file);
  assert.equal(loadRunState(dir, RUN_REGISTRY).current.get('3#1')?.grade, null);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.log?.equal, false);
  assert.match(
    summary.log?.why.join('\n') ?? '',
    /1 samples whose value is not a grade \(text, a list, a dict\): the log counts them 0, here they are null/,
  );
});

test('Inspect: a C/I log stays binary (no scale, no grade on its lines)', async () => {
  const { dir } = await importLog(POPULARITY);
  assert.equal(loadRunState(dir, RUN_REGISTRY).manifest.scale, undefined);
  assert.equal(readFileSync(join(dir, 'results.jsonl'), 'utf8').includes('"grade"'), false);
});
