// A local GGUF run whose runtime process dies mid-run (SIGKILL: what the kernel's out-of-memory killer
// sends, and what a segfault's end looks like from outside): the CLI, run as a user runs it, ends with one
// line naming the model file and the runtime, results.jsonl keeps every line it had, and --resume finishes.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { readManifest } from '../../../src/core/runs/runFolder';
import { ResultLineSchema } from '../../../src/core/runs/resultLine';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const projectRoot = resolve(__dirname, '../../..');
/** Enough items that the run is still going when the runtime is killed (an item takes a fraction of a second). */
const ITEMS = 40;

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

/** The pids of `parent`'s children whose command line names `word` (Linux's /proc). */
function childrenNaming(parent: number, word: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === parent && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(word);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The CLI started as a user starts it, once its run has written 3 results: its process, its stderr so far, and its exit. */
async function cliRunningThreeResults(
  t: { after: (fn: () => void) => void },
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  results: string,
  detached: boolean,
): Promise<{ cli: ChildProcess; stderr: () => string; exited: Promise<number | null> }> {
  const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  t.after(() => void cli.kill('SIGKILL'));
  let stderr = '';
  cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => cli.on('exit', (code) => done(code)));
  const began = Date.now();
  while (lineCount(results) < 3) {
    assert.ok(Date.now() - began < 120_000, 'the run wrote 3 results within 120 s');
    assert.equal(cli.exitCode, null, `the CLI ended early: ${stderr}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return { cli, stderr: () => stderr, exited };
}

test(
  'killing the runtime process mid-run ends the CLI in one line naming the file and llama.cpp, keeps every result, and --resume finishes',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    const dir = scratchDir('gguf-crash');
    const modelPath = join(dir, 'tiny.gguf');
    writeTinyLlamaGguf(modelPath, 77);
    const env = { PATH: process.env['PATH'] ?? '', EVAL_ADJUDICATOR_CACHE: join(dir, 'cache') };
    const out = join(dir, 'runs');
    const runDir = join(out, 'crash');
    const args = [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--logprobs',
      'gguf',
      '--model-file',
      modelPath,
      '--limit',
      String(ITEMS),
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--name',
      'crash',
      '--threads',
      '1',
    ];
    const results = join(runDir, 'results.jsonl');
    const { cli, stderr: stderrNow, exited } = await cliRunningThreeResults(t, args, env, results, false);
    const runtimes = childrenNaming(cli.pid ?? -1, 'runtimeProcessEntry');
    assert.equal(runtimes.length, 1, 'one runtime process, a child of the CLI');
    const before = readFileSync(results, 'utf8');
    process.kill(runtimes[0] ?? -1, 'SIGKILL');
    const code = await exited;
    const stderr = stderrNow();

    assert.equal(code, 1, stderr);
    const said = stderr.split('\n').filter((line) => line.startsWith('eval-adjudicator:'));
    assert.deepEqual(said.length, 1, stderr);
    assert.match(
      said[0] ?? '',
      /^eval-adjudicator: tiny\.gguf: the local model runtime \(llama\.cpp [^)]+\) stopped: killed by SIGKILL; the results written so far are kept: finish the run with --resume$/,
    );
    const after = readFileSync(results, 'utf8');
    assert.ok(after.startsWith(before), 'every line written before the kill is still there');
    const kept = readJsonl(results, ResultLineSchema).records;
    assert.equal(kept.length, lineCount(results), 'every line parses');
    assert.ok(kept.length >= 3 && kept.length < ITEMS, `${kept.length} results kept`);
    assert.ok(
      kept.every((r) => r.value.error === null),
      'no item was recorded as failed by the crash',
    );
    const stoppedManifest = readManifest(runDir);
    assert.equal(stoppedManifest.status, 'error', 'a run stopped as a whole says so, and stays resumable');
    assert.match(stoppedManifest.stoppedBy?.message ?? '', /llama\.cpp/);

    const resumed = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    const ids = readJsonl(results, ResultLineSchema).records.map((r) => r.value.itemId);
    assert.equal(ids.length, ITEMS, 'no item was run twice');
    assert.equal(new Set(ids).size, ITEMS);
    assert.deepEqual(readManifest(runDir).counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
    assert.equal(readManifest(runDir).stoppedBy, undefined, 'the resume that finished it takes the stop away');
  },
);

test(
  'a Ctrl-C in the terminal (SIGINT to the whole process group, the runtime included) cancels the run instead of crashing its runtime, and --resume finishes',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  async (t) => {
    if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
    const dir = scratchDir('gguf-sigint');
    const modelPath = join(dir, 'tiny.gguf');
    writeTinyLlamaGguf(modelPath, 77);
    const env = { PATH: process.env['PATH'] ?? '', EVAL_ADJUDICATOR_CACHE: join(dir, 'cache') };
    const runDir = join(dir, 'runs', 'interrupted');
    const args = [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model-file',
      modelPath,
      '--limit',
      String(ITEMS),
      '--data',
      sharedDataDir,
      '--out',
      join(dir, 'runs'),
      '--name',
      'interrupted',
      '--threads',
      '1',
    ];
    const results = join(runDir, 'results.jsonl');
    // A process group of its own, as a shell gives a command: the terminal's Ctrl-C goes to the whole group.
    const { cli, stderr: stderrNow, exited } = await cliRunningThreeResults(t, args, env, results, true);
    const runtime = childrenNaming(cli.pid ?? -1, 'runtimeProcessEntry')[0] ?? -1;
    const interrupted = Date.now();
    process.kill(-(cli.pid ?? 0), 'SIGINT');
    const code = await exited;
    const stderr = stderrNow();
    const stopSeconds = (Date.now() - interrupted) / 1000;
    assert.equal(code, 130, stderr);
    assert.doesNotMatch(stderr, /stopped: killed/, 'the runtime was not killed by the Ctrl-C');
    assert.match(stderr, /cancelled: finish with --resume/);
    assert.ok(stopSeconds < 3, `the CLI ended ${stopSeconds.toFixed(2)} s after the Ctrl-C`);
    assert.ok(
      !existsSync(`/proc/${runtime}/cmdline`) || !readFileSync(`/proc/${runtime}/cmdline`, 'utf8').includes('runtimeProcessEntry'),
      'the runtime ended with the run',
    );
    const kept = lineCount(results);
    assert.ok(kept < ITEMS, `interrupted before the end (${kept} results)`);

    const resumed = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--model-file', modelPath], { env });
    assert.equal(resumed.code, 0, resumed.stderr);
    const ids = readJsonl(results, ResultLineSchema).records.map((r) => r.value.itemId);
    assert.equal(ids.length, ITEMS, 'no item was run twice');
    assert.deepEqual(readManifest(runDir).counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
  },
);
