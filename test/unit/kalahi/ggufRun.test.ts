import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod';
import { KERNEL_LOGPROBS_METHOD } from '../../../src/core/runtimes/gguf/kernelLogSoftmax';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { readManifest } from '../../../src/core/runs/runFolder';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { referenceTokenLogprobs } from '../../fixtures/gguf/llamaReference';
import { BOS_ID, EOS_ID, writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { referencesOf } from './expectedMc';

const projectRoot = resolve(__dirname, '../../..');
const NEWLINE_BYTE_TOKEN = 5 + 0x0a;

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

describe('run kalahi --model-file on a tiny GGUF', () => {
  const dir = scratchDir('gguf-run');
  const modelPath = join(dir, 'tiny.gguf');
  const weights = writeTinyLlamaGguf(modelPath, 77);
  const cacheEnv = { EVAL_ADJUDICATOR_CACHE: join(dir, 'cache') };

  it('runs --task both on 10 items: every scored token matches a float64 forward pass, and the summary matches a recomputation', async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    const out = join(dir, 'runs');
    const run = await runCli(
      [
        'run',
        'kalahi',
        '--task',
        'both',
        '--logprobs',
        'gguf',
        '--model-file',
        modelPath,
        '--limit',
        '10',
        '--data',
        sharedDataDir,
        '--out',
        out,
        '--name',
        'both',
        '--threads',
        '1',
      ],
      { env: cacheEnv },
    );
    assert.equal(run.code, 0, run.stderr);
    const runDir = run.lastLine;
    const manifest = readManifest(runDir);
    assert.deepEqual(manifest.counts, { items: 10, done: 10, error: 0, missing: 0 });
    assert.equal(manifest.model?.name, 'tiny', '--model defaults to the file name without .gguf, as Start Run names it');
    const local = z
      .object({
        file: z.object({
          name: z.string(),
          size: z.number(),
          sha256: z.string(),
          architecture: z.string(),
          fileType: z.string(),
          chatTemplateSha256: z.string(),
        }),
        runtime: z.object({
          version: z.string(),
          llamaCpp: z.string(),
          threads: z.number(),
          softmaxThreads: z.number(),
          logprobs: z.string(),
          flashAttention: z.literal(false),
          kvCacheType: z.literal('F32'),
        }),
      })
      .parse(z.object({ local: z.unknown() }).parse(manifest.settings).local);
    assert.equal(local.file.name, 'tiny.gguf');
    assert.equal(local.file.size, readFileSync(modelPath).length);
    assert.equal(local.file.architecture, 'llama');
    assert.equal(local.file.fileType, 'F32');
    assert.equal(local.runtime.version, '3.21.1');
    assert.equal(local.runtime.threads, 1);
    if (process.platform === 'win32')
      assert.equal(local.runtime.softmaxThreads, 1, 'an explicit --threads holds for the graph log-softmax too');
    else {
      assert.equal(local.runtime.logprobs, KERNEL_LOGPROBS_METHOD, "ggml's row kernel computes the log-probs");
      assert.equal(local.runtime.softmaxThreads, 1, "the row kernel runs on the runtime process's own thread");
    }
    assert.ok(!readFileSync(join(runDir, 'run.json'), 'utf8').includes(dir), 'run.json holds no folder of the model file');

    const lines = [...readKalahiResults(runDir, manifest).values()];
    assert.equal(lines.length, 10);
    let checked = 0;
    const mc1s: number[] = [];
    const mc2s: number[] = [];
    for (const line of lines) {
      const mc = line.mc;
      assert.ok(mc !== undefined && line.open !== undefined, `item ${line.itemId} has both parts`);
      assert.equal(mc.backend, 'gguf');
      const refs = referencesOf(line.inputs);
      const scores = { relevant: [] as number[], irrelevant: [] as number[] };
      for (const [kind, list] of [
        ['relevant', mc.relevant],
        ['irrelevant', mc.irrelevant],
      ] as const) {
        list.forEach((r, i) => {
          assert.ok(r.tokenIds !== undefined && r.scoredFrom !== undefined && r.tokenLogprobs !== undefined);
          assert.equal(r.tokenIds.filter((id) => id === BOS_ID).length, 1, 'BOS once');
          assert.equal(r.tokenIds[0], BOS_ID);
          assert.deepEqual(r.tokenIds.slice(-2), [EOS_ID, NEWLINE_BYTE_TOKEN], 'the end-of-turn tokens are scored');
          assert.equal(r.tokenLogprobs.length, r.tokenIds.length - r.scoredFrom);
          const expected = referenceTokenLogprobs(weights, r.tokenIds, r.scoredFrom);
          r.tokenLogprobs.forEach((value, k) =>
            assert.ok(
              Math.abs(value - (expected[k] ?? Number.NaN)) < 1e-3,
              `item ${line.itemId} ${kind} ${i} token ${k}: ${value} vs ${expected[k]}`,
            ),
          );
          checked += r.tokenLogprobs.length;
          const sum = expected.reduce((a, b) => a + b, 0);
          const text = (kind === 'relevant' ? refs.relevant : refs.irrelevant)[i] ?? '';
          assert.ok(Math.abs(r.score - sum / Buffer.byteLength(text, 'utf8')) < 1e-3);
          scores[kind].push(r.score);
        });
      }
      const best = scores.relevant[refs.relevant.indexOf(refs.best)] ?? Number.NaN;
      const expectedMc1 = scores.irrelevant.every((s) => best > s) ? 1 : 0;
      const expSum = (xs: number[]): number => xs.reduce((a, s) => a + Math.exp(s), 0);
      const expectedMc2 = expSum(scores.relevant) / (expSum(scores.relevant) + expSum(scores.irrelevant));
      assert.equal(mc.mc1, expectedMc1);
      assert.ok(Math.abs(mc.mc2 - expectedMc2) < 1e-9);
      mc1s.push(expectedMc1);
      mc2s.push(expectedMc2);
    }
    assert.ok(checked > 1000, `${checked} tokens checked`);
    const summary = z
      .object({ mc: z.object({ mc1: z.number(), mc2: z.number(), scored: z.number() }) })
      .parse(JSON.parse((await runCli(['summary', runDir, '--json'])).stdout));
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    assert.equal(summary.mc.scored, 10);
    assert.ok(Math.abs(summary.mc.mc1 - mean(mc1s)) < 1e-12);
    assert.ok(Math.abs(summary.mc.mc2 - mean(mc2s)) < 1e-9);
  });

  it('resumes after SIGKILL with --model-file given again, and refuses a different file', async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    const out = join(dir, 'killed');
    const runDir = join(out, 'k');
    const start = [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model-file',
      modelPath,
      '--limit',
      '10',
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--name',
      'k',
      '--threads',
      '1',
    ];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...start], {
      cwd: projectRoot,
      env: { PATH: process.env['PATH'] ?? '', ...cacheEnv },
      stdio: 'ignore',
    });
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const results = join(runDir, 'results.jsonl');
    const began = Date.now();
    while (lineCount(results) < 3) {
      assert.ok(Date.now() - began < 120_000, 'the child wrote 3 results within 120 s');
      assert.equal(child.exitCode, null, 'the child ended before it was killed');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    assert.ok(lineCount(results) < 10, 'killed before the end');

    const without = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir], { env: cacheEnv });
    assert.notEqual(without.code, 0);
    assert.match(without.stderr, /--model-file/);
    const other = join(dir, 'other.gguf');
    writeTinyLlamaGguf(other, 78);
    const wrong = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--model-file', other], { env: cacheEnv });
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /other\.gguf: its sha256 .* is not the .* this run was made with/);

    const resumed = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath], {
      env: cacheEnv,
    });
    assert.equal(resumed.code, 0, resumed.stderr);
    const ids = readJsonl(results, ResultLineSchema).records.map((r) => r.value.itemId);
    assert.equal(new Set(ids).size, 10);
    assert.equal(ids.length, 10, 'no item was run twice');
    assert.deepEqual(readManifest(runDir).counts, { items: 10, done: 10, error: 0, missing: 0 });
  });

  it('stops within seconds of a Ctrl-C in the middle of a run on an 8 000-token vocabulary, and the run resumes', async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    // An item now takes a fraction of a second, so the interrupt lands between or inside items; that a
    // cancellation inside an item stops between decodes is checked on the model (llamaDirect.test.ts).
    const wide = join(dir, 'wide.gguf');
    writeTinyLlamaGguf(wide, 79, { vocabularySize: 8_000 });
    const out = join(dir, 'interrupted');
    const runDir = join(out, 'i');
    const controller = new AbortController();
    const limit = 40;
    const args = [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model-file',
      wide,
      '--limit',
      String(limit),
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--name',
      'i',
      '--threads',
      '1',
    ];
    const started = Date.now();
    const running = runCli(args, { env: cacheEnv, signal: controller.signal });
    const results = join(runDir, 'results.jsonl');
    while (lineCount(results) < 1) {
      assert.ok(Date.now() - started < 120_000, 'the first item was scored within 120 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    const interrupted = Date.now();
    controller.abort(new Error('interrupted'));
    const stopped = await running;
    const stopSeconds = (Date.now() - interrupted) / 1000;
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.ok(stopSeconds < 4, `stopped ${stopSeconds.toFixed(2)} s after the interrupt`);
    const written = lineCount(results);
    assert.ok(written >= 1 && written < limit, `interrupted before the end of the run (${written} of ${limit} items written)`);

    const resumed = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--model-file', wide], { env: cacheEnv });
    assert.equal(resumed.code, 0, resumed.stderr);
    const ids = readJsonl(results, ResultLineSchema).records.map((r) => r.value.itemId);
    assert.equal(ids.length, limit);
    assert.equal(new Set(ids).size, limit);
    assert.deepEqual(readManifest(runDir).counts, { items: limit, done: limit, error: 0, missing: 0 });
  });

  it('refuses bad model files in one line naming the file, before writing anything', async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    const truncated = join(dir, 'truncated.gguf');
    writeTinyLlamaGguf(truncated, 5);
    truncateSync(truncated, Math.floor(readFileSync(truncated).length / 2));
    const text = join(dir, 'notes.gguf');
    writeFileSync(text, 'this is not a model\n');
    const foreign = join(dir, 'foreign.gguf');
    writeTinyLlamaGguf(foreign, 6, { architecture: 'notanarch' });
    const cases: { file: string; args?: string[]; problem: RegExp }[] = [
      { file: join(dir, 'missing.gguf'), problem: /missing\.gguf: no such file/ },
      { file: truncated, problem: /truncated\.gguf: .*truncated/ },
      { file: text, problem: /notes\.gguf: it is not a GGUF file/ },
      { file: foreign, problem: /foreign\.gguf: llama\.cpp .* does not support the architecture "notanarch"/ },
      {
        file: modelPath,
        args: ['--context', '64'],
        problem: /tiny\.gguf: item \d+ needs \d+ tokens .* more than the context of \d+: give --context \d+ or more/,
      },
    ];
    for (const c of cases) {
      const out = join(dir, `bad-${readdirSync(dir).length}`);
      const run = await runCli(
        [
          'run',
          'kalahi',
          '--task',
          'mc',
          '--model',
          'm',
          '--model-file',
          c.file,
          '--limit',
          '3',
          '--data',
          sharedDataDir,
          '--out',
          out,
          ...(c.args ?? []),
        ],
        { env: cacheEnv },
      );
      assert.notEqual(run.code, 0, c.file);
      assert.match(run.stderr, c.problem);
      assert.equal(run.stderr.trim().split('\n').length, 1, `one line: ${run.stderr}`);
      assert.equal(existsSync(out) ? readdirSync(out).length : 0, 0, `nothing written for ${c.file}`);
    }
  });
});
