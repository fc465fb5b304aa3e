import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILT_IN_BENCHMARKS, benchmarkOf, registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { BenchmarkIdSchema } from '../../../src/core/benchmarks/registryBasics';
import { parseKalahiCsv } from '../../../src/core/benchmarks/kalahi/dataset';
import { parseYokaiEval } from '../../../src/core/benchmarks/yokaieval/dataset';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

test('the registry lists the built-in benchmarks once each; run.json ids are checked against it', () => {
  assert.deepEqual(BUILT_IN_BENCHMARKS, ['yokaieval', 'kalahi']);
  assert.deepEqual(registeredBenchmarks().map((b) => b.id), ['yokaieval', 'kalahi']);
  assert.equal(BenchmarkIdSchema.safeParse('kalahi').success, true);
  assert.equal(BenchmarkIdSchema.safeParse('nonesuch').success, false);
  assert.throws(() => benchmarkOf('nonesuch'), /unknown benchmark "nonesuch" \(yokaieval, kalahi\)/);
});

test("a benchmark's item count (Start Run's items step) is its dataset's", (t) => {
  const yokai = join(sharedDataDir, 'yokaieval/YokaiEval.json');
  const kalahi = join(sharedDataDir, 'kalahi/filipino.csv');
  if (!requireSharedFile(t, yokai) || !requireSharedFile(t, kalahi)) return;
  assert.equal(benchmarkOf('yokaieval').items, parseYokaiEval(readFileSync(yokai, 'utf8'), yokai).length);
  assert.equal(benchmarkOf('kalahi').items, parseKalahiCsv(readFileSync(kalahi, 'utf8'), kalahi).length);
});
