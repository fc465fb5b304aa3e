// The GGUF runtime process (src/core/runtimes/gguf/runtimeProcess.ts and its entry): the protocol's typed
// error for a message that fails its schema, a cancel that stops a request within a second (and a kill when
// the process does not answer), a native fault named in one line, and the process ending with its parent.
import assert from 'node:assert/strict';
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { GgufClient } from '../../../src/core/runtimes/gguf/ggufClient';
import { RuntimeStoppedError } from '../../../src/core/runtimes/gguf/ggufErrors';
import { FromRuntimeSchema } from '../../../src/core/runtimes/gguf/runtimeProtocol';
import { RuntimeProcess, RuntimeProtocolError } from '../../../src/core/runtimes/gguf/runtimeProcess';
import { writeTinyLlamaGguf } from '../../fixtures/gguf/tinyLlama';
import { scratchDir } from '../../helpers/scratch';

const projectRoot = resolve(__dirname, '../../..');
const ENTRY = join(projectRoot, 'src/core/runtimes/gguf/runtimeProcessEntry.ts');

/** Whether the process runs (a zombie left for a parent that does not reap it counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, ms: number): Promise<void> {
  const began = Date.now();
  while (!check()) {
    assert.ok(Date.now() - began < ms, `${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A prefix and `count` continuations of 120 tokens each. */
function request(count: number): { prefix: number[]; sequences: number[][] } {
  const prefix = [1, 20, 21, 22, 23];
  const sequences = Array.from({ length: count }, (_, k) => [...prefix, ...Array.from({ length: 120 }, (_, i) => 6 + ((i * 7 + k) % 300))]);
  return { prefix, sequences };
}

/**
 * Starts a scoring request still under way `afterMs` later, then runs `during` on it: what happens to a
 * request in flight. The request is made longer until a whole one takes four times `afterMs` (the machine's
 * speed decides how long a request takes), so that it cannot end on its own between the wait and `during`.
 */
async function inFlight(
  client: GgufClient,
  afterMs: number,
  during: (running: Promise<unknown>, controller: AbortController) => Promise<void>,
): Promise<void> {
  for (let count = 8; count <= 4096; count *= 2) {
    const { prefix, sequences } = request(count);
    const started = Date.now();
    await client.scoreAfterPrefix(prefix, sequences, new AbortController().signal);
    if (Date.now() - started < 4 * afterMs) continue;
    const controller = new AbortController();
    let settled = false;
    const running = client.scoreAfterPrefix(prefix, sequences, controller.signal).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, afterMs));
    assert.equal(
      settled,
      false,
      `a request of ${count} sequences took ${Date.now() - started} ms once, and ended within ${afterMs} ms the next time`,
    );
    return during(running, controller);
  }
  assert.fail(`no scoring request lasted ${afterMs} ms`);
}

describe('the GGUF runtime process', () => {
  const dir = scratchDir('gguf-runtime');
  const path = join(dir, 'wide.gguf');
  let client: GgufClient;

  before(async () => {
    writeTinyLlamaGguf(path, 31, { vocabularySize: 8_000 });
    // A small context: small decodes, between which the runtime looks at its cancel (a request answers it within milliseconds).
    client = await GgufClient.open({ path, gpuLayers: 0, contextSize: 256, threads: 1 });
  });
  after(() => client.dispose());

  it('answers a message that fails its schema with the typed "invalid" answer, and keeps serving', async () => {
    const child = fork(ENTRY, [], {
      execArgv: ['--import', pathToFileURL(require.resolve('tsx')).href],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    try {
      const answers: unknown[] = [];
      child.on('message', (m) => answers.push(m));
      await until('the ready message', () => answers.length > 0, 30_000);
      assert.equal(FromRuntimeSchema.parse(answers[0]).type, 'ready');
      child.send({ type: 'tokenize', id: 4, text: 42 });
      child.send({ type: 'no such request' });
      child.send({ type: 'tokenize', id: 5, text: 'a' });
      await until('three answers', () => answers.length >= 4, 10_000);
      const [invalidText, invalidType, noModel] = answers.slice(1).map((a) => FromRuntimeSchema.parse(a));
      assert.deepEqual(invalidText, { type: 'invalid', id: 4, problem: 'text: Invalid input: expected string, received number' });
      assert.equal(invalidType?.type, 'invalid');
      assert.equal(invalidType?.type === 'invalid' ? invalidType.id : undefined, null);
      // A valid request after them is carried out (here it fails as it must: no model is open).
      assert.deepEqual(noModel, {
        type: 'failed',
        id: 5,
        error: { kind: 'internal', message: 'no model is open in this runtime process' },
      });
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('turns the "invalid" answer into a protocol error of that request only', async () => {
    const runtime = await RuntimeProcess.start('x.gguf');
    try {
      // A request the types would refuse, as a bug on this side would send it.
      const wrong = { type: 'measure', sources: [{ kind: 'html', text: '<b>' }] } as unknown as { type: 'measure'; sources: [] };
      await assert.rejects(
        runtime.request(wrong),
        (error: unknown) => error instanceof RuntimeProtocolError && /refused a message \(sources\.0\.kind: /.test(error.message),
      );
      await assert.rejects(runtime.request({ type: 'tokenize', text: 'a' }), /no model is open/);
    } finally {
      await runtime.dispose();
    }
  });

  it('stops a scoring request within a second of its abort, and serves the next one', async () => {
    const pid = client.pid;
    await inFlight(client, 300, async (running, controller) => {
      const aborted = Date.now();
      controller.abort();
      await assert.rejects(running, (error: unknown) => error instanceof Error && error.name === 'AbortError');
      const stopMs = Date.now() - aborted;
      assert.ok(stopMs < 1000, `stopped ${stopMs} ms after the abort`);
    });
    const { prefix, sequences } = request(1);
    const scored = await client.scoreAfterPrefix(prefix, [sequences[0]?.slice(0, 12) ?? []], new AbortController().signal);
    assert.equal(scored[0]?.logprobs.length, 7);
    assert.equal(client.pid, pid, 'the runtime answered the cancel itself: the same process serves on');
  });

  it("outlives a terminal's Ctrl-C (SIGINT reaches the whole process group): the parent decides", async () => {
    const pid = client.pid ?? -1;
    process.kill(pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(alive(pid), 'the runtime is still running');
    assert.deepEqual((await client.tokenize('a')).bos, 'vocabulary');
  });

  it('kills a runtime that does not answer a cancel, within a second', async () => {
    const stuck = await GgufClient.open({ path, gpuLayers: 0, contextSize: 2048, threads: 1 });
    const pid = stuck.pid ?? -1;
    await inFlight(stuck, 300, async (running, controller) => {
      process.kill(pid, 'SIGSTOP');
      const aborted = Date.now();
      controller.abort();
      await assert.rejects(running, (error: unknown) => error instanceof Error && error.name === 'AbortError');
      const stopMs = Date.now() - aborted;
      assert.ok(stopMs < 1000, `stopped ${stopMs} ms after the abort`);
    });
    await until('the stopped runtime to be gone', () => !alive(pid), 5_000);
    await stuck.dispose();
  });

  it('names the model file and the llama.cpp release in one line when the runtime dies of a native fault', async () => {
    const doomed = await GgufClient.open({ path, gpuLayers: 0, contextSize: 2048, threads: 1 });
    await inFlight(doomed, 300, async (running) => {
      process.kill(doomed.pid ?? -1, 'SIGSEGV');
      await assert.rejects(running, (error: unknown) => {
        assert.ok(error instanceof RuntimeStoppedError);
        assert.match(
          error.message,
          /^wide\.gguf: the local model runtime \(llama\.cpp [^)]+\) stopped: killed by SIGSEGV; the results written so far are kept: finish the run with --resume$/,
        );
        return true;
      });
    });
    await assert.rejects(doomed.tokenize('a'), RuntimeStoppedError);
    await doomed.dispose();
  });

  it('ends when the process that started it goes away', async () => {
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `
      const { RuntimeProcess } = require(${JSON.stringify(join(projectRoot, 'src/core/runtimes/gguf/runtimeProcess.ts'))});
      RuntimeProcess.start('x.gguf').then((r) => { process.stdout.write(String(r.pid) + '\\n'); setInterval(() => undefined, 1000); });
    `,
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    parent.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await until('the runtime to start', () => out.includes('\n'), 30_000);
    const pid = Number(out.trim());
    assert.ok(alive(pid));
    parent.kill('SIGKILL');
    await until('the orphaned runtime to end', () => !alive(pid), 5_000);
  });
});
