import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_BENCHMARKS, benchmarkOf, registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { REGISTERED_BASICS } from '../../../src/core/benchmarks/registryBasics';
import { BenchmarkIdSchema, basicsOfRun } from '../../../src/core/runs/benchmarkBasics';
import { reviewViewFor, statsViewFor } from '../../../src/core/review/viewDescriptor';
import { parseKalahiCsv } from '../../../src/core/benchmarks/kalahi/dataset';
import { parseYokaiEval } from '../../../src/core/benchmarks/yokaieval/dataset';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

test('the registry lists the built-in benchmarks once each; run.json ids are checked against it', () => {
  assert.deepEqual(BUILT_IN_BENCHMARKS, ['yokaieval', 'kalahi', 'inspect', 'promptfoo', 'lm-eval', 'seahelm']);
  assert.deepEqual(
    registeredBenchmarks().map((b) => b.id),
    ['yokaieval', 'kalahi', 'inspect', 'promptfoo', 'lm-eval', 'seahelm'],
  );
  assert.equal(BenchmarkIdSchema.safeParse('lm-eval').success, true);
  assert.equal(BenchmarkIdSchema.safeParse('<img src=x>').success, false);
  assert.equal(basicsOfRun(REGISTERED_BASICS, 'kalahi', 'run.json').id, 'kalahi');
  assert.throws(
    () => basicsOfRun(REGISTERED_BASICS, 'nonesuch', '/runs/a/run.json'),
    /\/runs\/a\/run\.json, field "benchmark": expected one of "yokaieval"\|"kalahi"\|"inspect"\|"promptfoo"\|"lm-eval"\|"seahelm", got "nonesuch"/,
  );
  assert.throws(() => benchmarkOf('nonesuch'), /unknown benchmark "nonesuch" \(yokaieval, kalahi, inspect, promptfoo, lm-eval, seahelm\)/);
});

test("a benchmark's item count (Start Run's items step) is its dataset's", (t) => {
  const yokai = join(sharedDataDir, 'yokaieval/YokaiEval.json');
  const kalahi = join(sharedDataDir, 'kalahi/filipino.csv');
  if (!requireSharedFile(t, yokai) || !requireSharedFile(t, kalahi)) return;
  assert.equal(benchmarkOf('yokaieval').items, parseYokaiEval(readFileSync(yokai, 'utf8'), yokai).length);
  assert.equal(benchmarkOf('kalahi').items, parseKalahiCsv(readFileSync(kalahi, 'utf8'), kalahi).length);
});

test("the review's look of each benchmark: the facets it labels are its facets, in the same order", () => {
  for (const benchmark of registeredBenchmarks()) {
    const view = reviewViewFor({ benchmark: benchmark.id });
    assert.deepEqual(
      view.facets.map((f) => f.id),
      benchmark.facets.map((f) => f.id),
      benchmark.id,
    );
    assert.equal(view.title, benchmark.title);
    assert.equal(view.language, benchmark.language);
  }
  assert.deepEqual(reviewViewFor({ benchmark: 'yokaieval' }).facets.find((f) => f.id === 'region')?.order, [
    '北海道',
    '東北',
    '関東',
    '中部',
    '近畿',
    '中国・四国',
    '九州',
    '沖縄',
    '日本全国',
    '複数',
    '不明',
  ]);
  const kalahiStats = statsViewFor({ benchmark: 'kalahi' });
  assert.deepEqual(
    { ...kalahiStats, categories: kalahiStats.categories.map((c) => c.id) },
    {
      automatic: 'metric',
      facetTitles: { category: 'category', topic: 'topic' },
      title: 'Metric validation',
      categories: benchmarkOf('kalahi').hallucinationCategories.map((c) => c.id),
      stability: null,
    },
  );
  assert.deepEqual(statsViewFor({ benchmark: 'yokaieval' }).stability, {
    title: 'Judge stability',
    howToMeasure: 'eval-adjudicator stability RUNDIR re-asks the judge',
  });
});
