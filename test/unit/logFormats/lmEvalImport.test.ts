import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkOf } from '../../../src/core/benchmarks/registry';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const DIR = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'lm-eval');
const MC = join(DIR, 'samples_yokai_mc_2026-12-03T12-00-00.000000.jsonl');
const GEN = join(DIR, 'samples_yokai_gen_2026-12-03T12-00-00.000000.jsonl');
const RESULTS = join(DIR, 'results_2026-12-03T12-00-00.000000.json');
const results = (): { results: Record<string, Record<string, number>> } =>
  JSON.parse(readFileSync(RESULTS, 'utf8')) as { results: Record<string, Record<string, number>> };

async function importSamples(file: string, extra: string[] = []): Promise<string> {
  const result = await runCli(['import', 'lm-eval', file, '--results', RESULTS, '--out', scratchDir('lm-eval'), ...extra]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

test("lm-eval: the accuracy shown is the results file's <metric>,<filter> figure, to the last digit", async () => {
  for (const [file, task, key, extra] of [
    [MC, 'yokai_mc', 'acc,none', []],
    [MC, 'yokai_mc', 'acc_norm,none', ['--score', 'acc_norm']],
    [GEN, 'yokai_gen', 'exact_match,strict-match', []],
  ] as const) {
    const dir = await importSamples(file, [...extra]);
    const summary = summarizeRun(dir) as ForeignRunSummary;
    assert.equal(summary.automatic.accuracy, results().results[task]?.[key], key);
    assert.equal(summary.log?.equal, true);
    assert.equal(summary.task, task);
  }
});

test('lm-eval: one item per doc in the file order; the detail shows the context, the choices with the target, filtered_resps beside resps', async () => {
  const dir = await importSamples(MC);
  const state = loadRunState(dir, RUN_REGISTRY);
  const lines = readFileSync(MC, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { doc_id: number; acc: number });
  assert.deepEqual(
    state.manifest.dataset.itemIds,
    lines.map((l) => String(l.doc_id)),
  );
  for (const l of lines) assert.equal(state.current.get(String(l.doc_id))?.verdict, l.acc === 1);
  const detail = benchmarkOf('lm-eval').review.detail(
    { id: '1', auto: 'true', error: null, annotators: [], mine: null, final: null, conflict: false, canUndo: false },
    state.current.get('1'),
    { settings: { decidable: true, primaryMetric: '', metrics: [] }, aidText: null },
  );
  if (detail?.kind !== 'texts') throw new Error('expected a texts detail');
  assert.equal(detail.fields[0]?.text, 'Question: Which yokai has a long nose?\nAnswer:');
  assert.equal(detail.fields.find((f) => f.label.startsWith('choices'))?.text, '  A) kappa\n✓ B) tengu\n  C) yuki-onna');
  assert.equal(detail.response, 'tengu\n(log-likelihoods: A -2.9, B -1.1, C -4.2)');
  assert.match(detail.fields.find((f) => f.label === 'score resps')?.text ?? '', /value: \[\[\["-2\.9","False"\]\]/);
});

test('lm-eval: a broken line, results of another run, a --score it lacks: one line naming the file, nothing written', async () => {
  const scratch = scratchDir('lm-eval-bad');
  const broken = join(scratch, 'samples_yokai_mc_2026-12-03T12-00-00.000000.jsonl');
  const text = readFileSync(MC, 'utf8').split('\n');
  text[2] = (text[2] ?? '').slice(0, 40);
  writeFileSync(broken, text.join('\n'));
  const otherResults = join(scratch, 'results_other.json');
  const other = results() as unknown as { task_hashes: Record<string, string> };
  other.task_hashes['yokai_mc'] = '0'.repeat(64);
  writeFileSync(otherResults, JSON.stringify(other));
  const cases: [string[], RegExp][] = [
    [
      [broken, '--results', RESULTS],
      /samples_yokai_mc_2026-12-03T12-00-00\.000000\.jsonl, line 3: not valid JSON .*take it again from lm_eval's --output_path/,
    ],
    [
      [MC, '--results', otherResults],
      /results_other\.json: task_hashes\.yokai_mc is not the hash of samples_yokai_mc_.*: not the same run/,
    ],
    [[MC, '--score', 'f1'], /has no metric "f1" \(its metrics: acc, acc_norm\)/],
  ];
  for (const [args, message] of cases) {
    const out = scratchDir('lm-eval-out');
    const result = await runCli(['import', 'lm-eval', ...args, '--out', out]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.deepEqual(readdirSync(out), []);
  }
  const wrongTask = await runCli([
    'import',
    'lm-eval',
    GEN,
    '--results',
    join(scratch, 'results_other.json'),
    '--out',
    scratchDir('lm-eval-out'),
  ]);
  assert.equal(wrongTask.code, 0, 'the gen task is in the results and matches');
});
