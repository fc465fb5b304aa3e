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

// Both written by promptfoo 0.119.0 itself (scripts/foreign-fixtures/make-promptfoo.sh; README beside them).
const DIR = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'promptfoo');
const GRADED = join(DIR, 'results-graded.json');
const PLAIN = join(DIR, 'results.json');
type File = {
  results: {
    prompts: { metrics: { score: number; testPassCount: number; testFailCount: number; testErrorCount: number } }[];
    results: { testIdx: number; promptIdx: number; success: boolean; score: number; testCase: { threshold?: number } }[];
  };
};
const read = (file: string): File => JSON.parse(readFileSync(file, 'utf8')) as File;

async function importResults(file: string, extra: string[]): Promise<{ dir: string; stderr: string }> {
  const result = await runCli(['import', 'promptfoo', file, '--out', scratchDir('promptfoo-graded'), ...extra]);
  assert.equal(result.code, 0, result.stderr);
  return { dir: result.lastLine, stderr: result.stderr };
}

/** promptfoo's mean score of its one prompt: the sum it keeps over its tests. */
function meanScore(file: File): number {
  const m = file.results.prompts[0]?.metrics;
  assert.ok(m);
  return m.score / (m.testPassCount + m.testFailCount + m.testErrorCount);
}

test("promptfoo graded: --score score grades each result by its score on 0..1, passing from the tests' threshold; the mean is promptfoo's to the last digit", async () => {
  const { dir, stderr } = await importResults(GRADED, ['--score', 'score']);
  const file = read(GRADED);
  const threshold = file.results.results[0]?.testCase.threshold;
  assert.equal(threshold, 0.6);
  // The fixture is promptfoo's: its pass is score >= threshold for every result.
  for (const r of file.results.results) assert.equal(r.success, r.score >= 0.6);
  assert.match(stderr, /score is graded on a scale from 0 to 1; passes from 0\.6 \(the tests' threshold\)/);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(state.manifest.scale, { kind: 'numeric', min: 0, max: 1, passAt: 0.6 });
  for (const r of file.results.results) {
    const line = state.current.get(`${r.testIdx}/${r.promptIdx}`);
    assert.deepEqual([line?.grade, line?.verdict], [r.score, null]);
  }
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.ok(
    file.results.results.some((r) => r.score !== 0 && r.score !== 1 && r.score !== 0.5),
    'scores beyond 0, 0.5 and 1',
  );
  assert.deepEqual([summary.log?.reported, summary.log?.automatic, summary.log?.equal], [meanScore(file), meanScore(file), true]);
});

test('promptfoo graded: the first fixture (no threshold) grades its 0.5 scores too; without --score both stay binary pass verdicts', async () => {
  const { dir } = await importResults(PLAIN, ['--score', 'score']);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(state.manifest.scale, { kind: 'numeric', min: 0, max: 1 });
  assert.equal((summarizeRun(dir) as ForeignRunSummary).log?.automatic, meanScore(read(PLAIN)));
  for (const file of [PLAIN, GRADED]) {
    const binary = await importResults(file, []);
    assert.equal(loadRunState(binary.dir, RUN_REGISTRY).manifest.scale, undefined);
    assert.equal(readFileSync(join(binary.dir, 'results.jsonl'), 'utf8').includes('"grade"'), false);
    const summary = summarizeRun(binary.dir) as ForeignRunSummary;
    assert.deepEqual([summary.log?.metric, summary.log?.equal], ['pass rate', true]);
  }
});
