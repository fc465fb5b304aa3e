import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { benchmarkOf } from '../../../src/core/benchmarks/registry';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const RESULTS = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'promptfoo', 'results.json');
type Stats = {
  results: {
    stats: { successes: number; failures: number; errors: number };
    results: {
      testIdx: number;
      promptIdx: number;
      success: boolean;
      gradingResult: { componentResults?: { pass: boolean; reason: string }[] };
    }[];
  };
};
const raw = (): Stats => JSON.parse(readFileSync(RESULTS, 'utf8')) as Stats;

async function importResults(file: string, extra: string[] = []): Promise<string> {
  const result = await runCli(['import', 'promptfoo', file, '--out', scratchDir('promptfoo'), ...extra]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

test("promptfoo: the pass rate shown is promptfoo's own stats, to the last digit; each result is an item with its pass", async () => {
  const dir = await importResults(RESULTS);
  const { stats, results } = raw().results;
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.automatic.accuracy, stats.successes / (stats.successes + stats.failures + stats.errors));
  assert.equal(summary.log?.equal, true);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(
    state.manifest.dataset.itemIds,
    results.map((r) => `${r.testIdx}/${r.promptIdx}`),
  );
  for (const r of results) assert.equal(state.current.get(`${r.testIdx}/${r.promptIdx}`)?.verdict, r.success);
  assert.equal((state.manifest.settings['framework'] as { version: string }).version, '0.119.0');
});

test("promptfoo: the detail shows the prompt as a turn and gradingResult's components with pass, score and reason", async () => {
  const dir = await importResults(RESULTS);
  const line = loadRunState(dir, RUN_REGISTRY).current.get('0/0');
  const detail = benchmarkOf('promptfoo').review.detail(
    { id: '0/0', auto: 'false', error: null, annotators: [], mine: null, final: null, conflict: false, canUndo: false },
    line,
    { settings: { decidable: true, primaryMetric: '', metrics: [] }, aidText: null },
  );
  assert.equal(detail?.kind, 'texts');
  if (detail?.kind !== 'texts') return;
  assert.equal(detail.fields[0]?.label, 'user');
  assert.equal(detail.fields[0]?.text, 'Which yokai lives in rivers?\n- 河童\n- 天狗\n- 雪女');
  const components = raw().results.results[0]?.gradingResult.componentResults ?? [];
  assert.equal(components.length, 2);
  const first = detail.fields.find((f) => f.label === 'score 1. contains');
  assert.equal(
    first?.text,
    `value: ${String(components[0]?.pass)}\nexplanation: ${components[0]?.reason}\nmetadata:\n  score: 0\n  assertion: 河童`,
  );
  assert.match(detail.fields.find((f) => f.label === 'score 2. javascript')?.text ?? '', /^value: true\n/);
  assert.equal(detail.response, '天狗');
});

test('promptfoo: adjudicate and export adjudicated CSV', async () => {
  const dir = await importResults(RESULTS);
  assert.equal(
    (await runCli(['adjudicate', dir, '--item', '0/0', '--verdict', 'true', '--note', 'kappa is right here', '--annotator', 'Ann'])).code,
    0,
  );
  const csv = (await runCli(['export', dir, '--adjudicated', '--format', 'csv'])).stdout.replace(/^\uFEFF/, '');
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  assert.equal(rows.length, 6);
  assert.deepEqual(
    [rows[0]?.['itemId'], rows[0]?.['automaticVerdict'], rows[0]?.['humanVerdict'], rows[0]?.['notes']],
    ['0/0', 'false', 'true', 'Ann: kappa is right here'],
  );
});

test('promptfoo: bad input (not JSON, an unknown results version, a broken result, a --score it lacks) is one line, nothing written', async () => {
  const scratch = scratchDir('promptfoo-bad');
  const notJson = join(scratch, 'cut.json');
  writeFileSync(notJson, readFileSync(RESULTS, 'utf8').slice(0, 500));
  const v2 = join(scratch, 'v2.json');
  const old = raw() as unknown as { results: { version: number } };
  old.results.version = 2;
  writeFileSync(v2, JSON.stringify(old));
  const broken = join(scratch, 'broken.json');
  const bad = raw() as unknown as { results: { results: Record<string, unknown>[] } };
  delete bad.results.results[3]?.['success'];
  writeFileSync(broken, JSON.stringify(bad));
  const cases: [string, string[], RegExp][] = [
    [notJson, [], /cut\.json: not valid JSON .*is it what `promptfoo eval -o results\.json` wrote\?/],
    [v2, [], /v2\.json: promptfoo results version 2 is not one this tool reads \(3\)/],
    [broken, [], /broken\.json, record 3, field "success": /],
    [RESULTS, ['--score', 'factuality'], /has no score "factuality" \(its scores: pass, 1\. contains/],
  ];
  for (const [file, extra, message] of cases) {
    const out = scratchDir('promptfoo-out');
    const result = await runCli(['import', 'promptfoo', file, '--out', out, ...extra]);
    assert.equal(result.code, 1, file);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.deepEqual(readdirSync(out), []);
  }
});
