import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { type MetricOutcomeSchema } from '../../../src/core/benchmarks/kalahi/resultParts';
import { KalahiSettingsSchema } from '../../../src/core/benchmarks/kalahi/settings';
import { readManifest } from '../../../src/core/runs/runFolder';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { sha256Hex } from '../../../src/core/util/hash';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { TINY_BLEURT, TINY_ENCODER, TOLERANCE, expectedValues } from './fixtures';

const projectRoot = resolve(import.meta.dirname, '../../..');
const csvPath = join(sharedDataDir, 'kalahi', 'filipino.csv');
const ScoreLine = z.strictObject({ score: z.number() });
const NEURAL = [
  '--metrics',
  'chrf,bertscore,bleurt',
  '--bertscore-model',
  TINY_ENCODER,
  '--bertscore-layer',
  '2',
  '--bleurt-model',
  TINY_BLEURT,
];

test('similarity --metric bertscore|bleurt --model DIR writes the independently computed values, one line per pair', async () => {
  const expected = expectedValues();
  const pairs = expected.cases.flatMap((c) => c.references.map((r) => ({ hypothesis: c.hypothesis, reference: r.reference, r })));
  const input = pairs.map(({ hypothesis, reference }) => JSON.stringify({ hypothesis, reference })).join('\n');
  const runs = [
    { argv: ['similarity', '--metric', 'bertscore', '--model', TINY_ENCODER, '--layer', '1'], want: pairs.map((p) => p.r.layer1.F) },
    { argv: ['similarity', '--metric', 'bleurt', '--model', TINY_BLEURT], want: pairs.map((p) => p.r.bleurt.score) },
  ];
  for (const { argv, want } of runs) {
    const result = await runCli(argv, { stdin: input });
    assert.equal(result.code, 0, result.stderr);
    const scores = result.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => ScoreLine.parse(JSON.parse(l)).score);
    assert.equal(scores.length, want.length);
    scores.forEach((s, i) =>
      assert.ok(Math.abs(s - (want[i] ?? Number.NaN)) <= TOLERANCE, `${argv[2] ?? ''} pair ${i}: ${s} vs ${want[i]}`),
    );
  }
  const noLayer = await runCli(['similarity', '--metric', 'bertscore', '--model', TINY_ENCODER], { stdin: input });
  assert.equal(noLayer.code, 1);
  assert.match(noLayer.stderr, /no layer for .*similarity: --layer N/, 'the option named is the one of the command used');
  assert.equal(noLayer.stdout, '');
});

test('a bad model folder stops run kalahi with one line naming the file, before the run folder is written', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer();
  t.after(() => server.close());
  const out = scratchDir('neural-bad-run');
  const result = await runCli([
    'run',
    'kalahi',
    '--task',
    'open',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    out,
    '--name',
    'r',
    '--metrics',
    'chrf,bleurt',
    '--bleurt-model',
    TINY_ENCODER,
  ]);
  assert.equal(result.code, 1);
  assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  assert.ok(result.stderr.includes(join(TINY_ENCODER, 'onnx', 'model.onnx')), result.stderr);
  assert.equal(existsSync(join(out, 'r')), false);
  assert.equal(server.requests.length, 0);
});

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

test('run kalahi --task open with bertscore and bleurt records the models in run.json, scores every reference, and resumes after SIGKILL', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer({ latencyMs: 40 });
  t.after(() => server.close());
  const out = scratchDir('neural-run');
  const name = 'neural';
  const runDir = join(out, name);
  const items = 40;
  const start = [
    'run',
    'kalahi',
    '--task',
    'open',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    out,
    '--name',
    name,
    '--no-cache',
    '--concurrency',
    '2',
    '--limit',
    String(items),
    ...NEURAL,
  ];
  const resume = ['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--no-cache'];

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...start], {
    cwd: projectRoot,
    env: { PATH: process.env['PATH'] ?? '' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  const began = Date.now();
  while (lineCount(join(runDir, 'results.jsonl')) < 8) {
    assert.ok(Date.now() - began < 90_000, 'the child wrote 8 results within 90 s');
    assert.equal(child.exitCode, null, 'the child ended before it was killed');
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill('SIGKILL');
  await exited;
  assert.equal(readManifest(runDir).status, 'running');

  const resumed = await runCli(resume, { cwd: projectRoot });
  assert.equal(resumed.code, 0, resumed.stderr);
  const ids = readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value.itemId);
  assert.equal(new Set(ids).size, items);
  assert.equal(ids.length, items, 'no item was run twice');

  const manifest = readManifest(runDir);
  assert.deepEqual(manifest.counts, { items, done: items, error: 0, missing: 0 });
  const open = KalahiSettingsSchema.parse(manifest.settings).open;
  assert.ok(open !== null);
  assert.deepEqual(open.metrics, ['chrf', 'bertscore', 'bleurt']);
  assert.deepEqual(open.notComputed, []);
  const bert = open.models?.bertscore;
  const bleurt = open.models?.bleurt;
  assert.ok(bert !== undefined && bleurt !== undefined);
  assert.equal(bert.layer, 2);
  assert.equal(bert.output, 'last_hidden_state');
  assert.equal(bert.model.id, TINY_ENCODER);
  assert.equal(bert.model.maxLength, 48);
  assert.equal(bert.model.onnxruntime, '1.30.0');
  for (const [record, dir] of [
    [bert.model, TINY_ENCODER],
    [bleurt.model, TINY_BLEURT],
  ] as const) {
    assert.deepEqual(
      record.files.map((f) => f.path),
      ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'],
    );
    for (const f of record.files) assert.equal(f.sha256, sha256Hex(readFileSync(join(dir, f.path))), f.path);
  }
  assert.match(bleurt.truncation, /longest_first/);
  assert.ok(open.truncated !== undefined);

  for (const line of readKalahiResults(runDir, manifest).values()) {
    const metrics = line.open?.metrics;
    assert.ok(metrics !== undefined, `item ${line.itemId} has open scores`);
    for (const name of ['bertscore', 'bleurt'] as const) {
      const outcome: z.infer<typeof MetricOutcomeSchema> | undefined = metrics[name];
      assert.ok(outcome !== undefined, `${line.itemId} ${name}`);
      assert.equal(outcome.relevant.length, line.references.relevant.length);
      assert.equal(outcome.irrelevant.length, line.references.irrelevant.length);
      assert.ok([...outcome.relevant, ...outcome.irrelevant].every(Number.isFinite));
    }
  }
  const summary = await runCli(['summary', runDir]);
  assert.equal(summary.code, 0, summary.stderr);
  assert.match(summary.stdout, /bertscore +diff -?\d\.\d{4} +acc \d\.\d{4}/);
  assert.match(summary.stdout, /bleurt +diff -?\d\.\d{4} +acc \d\.\d{4}/);
});
