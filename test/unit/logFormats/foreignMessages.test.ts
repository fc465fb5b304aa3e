import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { READ_SAMPLE_JSON } from '../../helpers/inspectFixtures';

const LM_EVAL = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'lm-eval');
const MC = join(LM_EVAL, 'samples_yokai_mc_2026-12-03T12-00-00.000000.jsonl');
const RESULTS = join(LM_EVAL, 'results_2026-12-03T12-00-00.000000.json');

async function refused(args: string[], message: RegExp): Promise<void> {
  const result = await runCli([...args, '--out', scratchDir('foreign-refused')]);
  assert.equal(result.code, 1, result.stdout);
  assert.match(result.stderr, message);
  assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
}

test('a file that is not an Inspect log or a promptfoo results file says so, naming it', async () => {
  const file = join(scratchDir('foreign-not'), 'other.json');
  writeFileSync(file, JSON.stringify({ name: 'something else', items: [1, 2] }));
  await refused(['import', 'inspect', file], /other\.json: not an Inspect log: no `version` field/);
  await refused(['import', 'promptfoo', file], /other\.json: not a promptfoo results file/);
});

test('lm-eval: a renamed samples file is refused without --task, listing the tasks of --results; with --task it imports', async () => {
  const renamed = join(scratchDir('lm-eval-renamed'), 'samples.jsonl');
  copyFileSync(MC, renamed);
  await refused(['import', 'lm-eval', renamed], /samples\.jsonl: its name does not say the task .*name the task with --task NAME$/m);
  await refused(
    ['import', 'lm-eval', renamed, '--results', RESULTS],
    /--task NAME \(the tasks of results_2026-12-03T12-00-00\.000000\.json: (yokai_\w+, )*yokai_mc/,
  );
  const result = await runCli([
    'import',
    'lm-eval',
    renamed,
    '--results',
    RESULTS,
    '--task',
    'yokai_mc',
    '--out',
    scratchDir('lm-eval-task'),
  ]);
  assert.equal(result.code, 0, result.stderr);
  const summary = await runCli(['summary', result.lastLine]);
  const expected = (JSON.parse(readFileSync(RESULTS, 'utf8')) as { results: Record<string, Record<string, number>> }).results['yokai_mc']?.[
    'acc,none'
  ];
  assert.match(summary.stdout, new RegExp(`reports acc acc,none ${String(expected).replace('.', '\\.')} `));
});

test("a log's figure that is NaN or inf is printed as such, not dropped", async () => {
  const scratch = scratchDir('foreign-nonfinite');
  const results = join(scratch, 'results_2026-12-03T12-00-00.000000.json');
  // As Python's json writes a NaN: the bare token.
  writeFileSync(results, readFileSync(RESULTS, 'utf8').replace(/"acc,none": [0-9.e-]+/, '"acc,none": NaN'));
  const lmEval = await runCli(['import', 'lm-eval', MC, '--results', results, '--out', join(scratch, 'runs')]);
  assert.equal(lmEval.code, 0, lmEval.stderr);
  assert.match((await runCli(['summary', lmEval.lastLine])).stdout, /reports acc acc,none NaN \(/);

  const log = JSON.parse(readFileSync(READ_SAMPLE_JSON, 'utf8')) as {
    results: { scores: { metrics: Record<string, { value: unknown }> }[] };
  };
  const metrics = log.results.scores[0]?.metrics ?? {};
  const name = Object.keys(metrics).find((k) => k === 'accuracy' || k === 'mean') ?? '';
  const text = JSON.stringify(log).replace(
    `"${name}":{"name":"${name}","value":${JSON.stringify(metrics[name]?.value)}`,
    `"${name}":{"name":"${name}","value":Infinity`,
  );
  assert.ok(text.includes('Infinity'), 'the figure replaced');
  const inspectLog = join(scratch, 'infinite.json');
  writeFileSync(inspectLog, text);
  const inspect = await runCli(['import', 'inspect', inspectLog, '--out', join(scratch, 'runs')]);
  assert.equal(inspect.code, 0, inspect.stderr);
  assert.match((await runCli(['summary', inspect.lastLine])).stdout, new RegExp(`reports \\w+ ${name} inf \\(`));
});
