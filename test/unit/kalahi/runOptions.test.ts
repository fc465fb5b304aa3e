import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { YOKAIEVAL_RUN_HELP } from '../../../src/core/benchmarks/yokaieval/runOptions';
import { KALAHI_RUN_HELP } from '../../../src/core/benchmarks/kalahi/runOptions';
import { readManifest } from '../../../src/core/runs/runFolder';
import { sha256Hex } from '../../../src/core/util/hash';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { referencesOf } from './expectedMc';

const csvPath = join(sharedDataDir, 'kalahi', 'filipino.csv');

test('help: yokaieval keeps its own text, kalahi has its own, run --help shows both', async () => {
  assert.equal((await runCli(['run', 'yokaieval', '--help'])).stdout, YOKAIEVAL_RUN_HELP);
  assert.ok(YOKAIEVAL_RUN_HELP.startsWith('Usage: eval-adjudicator run yokaieval --model M [options]\n'));
  assert.ok(!YOKAIEVAL_RUN_HELP.includes('kalahi'));
  assert.equal((await runCli(['run', 'kalahi', '--help'])).stdout, KALAHI_RUN_HELP);
  const both = (await runCli(['run', '--help'])).stdout;
  assert.ok(both.startsWith(YOKAIEVAL_RUN_HELP) && both.endsWith(KALAHI_RUN_HELP));
  assert.equal((await runCli(['help', 'run'])).stdout, both);
});

test('options are checked against the benchmark and the task, before anything is sent', async (t) => {
  const server = await startTestServer();
  t.after(() => server.close());
  const base = ['--model', 'm', '--base-url', server.url, '--data', sharedDataDir, '--out', scratchDir('opts')];
  const cases: [string[], RegExp][] = [
    [['run', 'yokaieval', '--task', 'mc', ...base], /--task is not an option of yokaieval \(see eval-adjudicator run yokaieval --help\)/],
    [['run', 'kalahi', '--judge-model', 'gpt-4o', ...base], /--judge-model is not an option of kalahi/],
    [
      ['run', 'kalahi', '--task', 'open', '--logprobs', 'completions', ...base],
      /--logprobs applies to --task mc or both, not to --task open/,
    ],
    [['run', 'kalahi', '--task', 'mc', '--metrics', 'chrf', ...base], /--metrics applies to --task open or both, not to --task mc/],
    [['run', 'kalahi', '--task', 'quiz', ...base], /--task must be one of mc, open, both/],
    [['run', 'kalahi', '--variant', 'tagalog', ...base], /--variant must be one of full, partially-enriched, unenriched/],
    [['run', 'kalahi', '--metrics', 'chrf', '--bertscore-layer', '3', ...base], /--bertscore-layer applies when --metrics lists bertscore/],
    [
      ['run', 'kalahi', '--metrics', 'chrf,bertscore', '--bleurt-model', 'x', ...base],
      /--bleurt-model applies when --metrics lists bleurt/,
    ],
    [
      ['run', 'kalahi', '--task', 'mc', '--bertscore-model', 'x', ...base],
      /--bertscore-model applies to --task open or both, not to --task mc/,
    ],
    [
      ['run', 'kalahi', '--metrics', 'chrf', '--primary-metric', 'bleu', ...base],
      /--primary-metric bleu is not among the metrics \(chrf\)/,
    ],
    [['run', 'kalahi', '--primary-metric', 'bleurt', ...base], /--primary-metric bleurt is not among the metrics/],
    [['run', 'kalahi', '--metrics', 'chrf,bertscore', '--bertscore-layer', '-1', ...base], /--bertscore-layer/],
    [['run', 'kalahi', '--compat', 'official', ...base], /--compat must be one of official-mc2/],
    [['run', 'kalahi', '--logprobs', 'vllm-chat', '--template', 'x.txt', ...base], /--template applies to --logprobs completions/],
    [['run', 'kalahi', '--model', 'm', '--logprobs', 'vllm-chat'], /--logprobs vllm-chat needs a vLLM server \(--base-url\)/],
  ];
  for (const [argv, expected] of cases) {
    const result = await runCli(argv, { env: {} });
    assert.equal(result.code, 2, `${argv.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, expected);
  }
  const badTemplate = join(scratchDir('tpl'), 'bad.txt');
  writeFileSync(badTemplate, 'Tanong: {prompt}\n');
  const bad = await runCli(['run', 'kalahi', '--template', badTemplate, ...base], { env: {} });
  assert.equal(bad.code, 1);
  assert.equal(bad.stderr, `eval-adjudicator: ${badTemplate}: needs {prompt} once and {reference} once (found 1 and 0)\n`);
  assert.equal(server.requests.length, 0);
});

test('--template FILE: the text sent per reference, recorded with its sha256; a dry run shows it and sends nothing', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const server = await startTestServer();
  t.after(() => server.close());
  const dir = scratchDir('tpl');
  const template = join(dir, 'qa.txt');
  writeFileSync(template, 'Tanong: {prompt}\nSagot: {reference}\n');
  const argv = [
    'run',
    'kalahi',
    '--task',
    'mc',
    '--template',
    template,
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    dir,
    '--limit',
    '3',
  ];

  const dry = await runCli([...argv, '--dry-run'], { env: {} });
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(
    dry.stdout,
    /=== item 0101000100: logprobs 1\/10 \(completions\) request \(m\) ===\n--- user ---\nTanong: High school student ako\.\n/,
  );
  assert.match(dry.stdout, /\nrequests: 3\n/);
  assert.match(dry.stdout, /dry run: nothing was sent/);
  assert.equal(server.requests.length, 0);

  const result = await runCli(argv, { env: {} });
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  const mc = z.object({ template: z.object({ source: z.string(), sha256: z.string(), text: z.string() }) }).parse(manifest.settings['mc']);
  assert.deepEqual(mc.template, {
    source: template,
    sha256: sha256Hex('Tanong: {prompt}\nSagot: {reference}'),
    text: 'Tanong: {prompt}\nSagot: {reference}',
  });
  for (const line of readKalahiResults(result.lastLine, manifest).values()) {
    const refs = referencesOf(line.inputs);
    assert.deepEqual(
      line.mc?.relevant.map((r) => r.sent),
      refs.relevant.map((r) => `Tanong: ${String(line.inputs['prompt'])}\nSagot: ${r}`),
    );
    assert.equal(line.open, undefined);
    assert.equal(line.verdict, null);
  }
  const summary = z
    .looseObject({ automatic: z.object({ counts: z.object({ null: z.number() }) }) })
    .parse(JSON.parse((await runCli(['summary', result.lastLine, '--json'])).stdout));
  assert.equal(summary.automatic.counts.null, 3, 'MC items have no verdict');

  const wrong = await runCli(['run', 'yokaieval', '--resume', result.lastLine, '--data', sharedDataDir], { env: {} });
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /is a kalahi run: use eval-adjudicator run kalahi --resume/);
});
