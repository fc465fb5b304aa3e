import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest } from '../src/core/runs/runFolder';
import { DATA_DIR, REPO_ROOT, scratchDir } from './paths';
import { yokaiEvalBodies } from './sdkFloor';
import { log, median, round, since } from './stats';
import { startServerProcess } from './testServer';

export interface WholeProcessResult {
  readonly items: number;
  readonly requests: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly idealMs: number;
  readonly wallMs: number[];
  /** Median of wall / ideal: from spawning `node dist/cli.js` to its exit. */
  readonly wallOverIdeal: number;
  readonly errors: number;
  /** Spawn to exit of `node -e 0` and of `node dist/cli.js --version` (medians of 5): node's start-up, and the CLI's. */
  readonly bareNodeMs: number;
  readonly cliVersionMs: number;
  /** Medians, on the clock every process shares (the test server's records): spawn to the first request the server received. */
  readonly startMs: number;
  /** The server's first request received to its last answer. */
  readonly requestsMs: number;
  /** The server's last answer to the process's exit: the last result line, run.json. */
  readonly finishMs: number;
  /** ceil(requests / concurrency) rounds of the latency: the least the requests can take. */
  readonly floorMs: number;
  readonly requestsOverFloor: number;
  /**
   * The same 1 620 requests from a process of the bare openai client (bench/sdkProcess.mjs: node, the openai
   * package, the bodies read from a file, nothing of the tool), spawn to exit, alternating with the tool's
   * runs: wall / ideal. What the tool's own start-up and finish add is the difference.
   */
  readonly sdkProcessWallOverIdeal: number;
  /** The tool's median wall over the bare client's process's median wall, the two alternated in one run. */
  readonly wallOverSdkProcess: number;
  readonly sdkProcessWallMs: readonly number[];
}

const LATENCY_MS = 100;
const CONCURRENCY = 32;

/**
 * `eval-adjudicator run yokaieval` (810 items, 1 620 requests) as a user runs it: a fresh node process on the
 * built CLI, timed from spawn to exit (start-up, dataset load and verification, the run, the final run.json),
 * against the test server in another process answering after 100 ms, at concurrency 32. The test server's
 * records (Date.now(), shared by both processes) split each wall into start (spawn to the first request
 * received), requests (to the last answer) and finish (to the exit).
 */
export async function benchWholeProcess(repetitions: number): Promise<WholeProcessResult> {
  const cli = join(REPO_ROOT, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const server = await startServerProcess(['--latency-ms', String(LATENCY_MS)]);
  try {
    const out = scratchDir('process');
    const walls: number[] = [];
    let requests = 0;
    let items = 0;
    let errors = 0;
    const phases: { start: number; requests: number; finish: number }[] = [];
    const bodiesFile = join(out, 'yokaieval-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(yokaiEvalBodies()));
    const bareWalls: number[] = [];
    for (let i = 0; i < repetitions; i++) {
      const name = `process-${i}`;
      await server.reset();
      const spawnedAt = Date.now();
      const start = performance.now();
      const { code, stderr } = await runProcess(cli, [
        'run',
        'yokaieval',
        '--model',
        'test-model',
        '--base-url',
        server.url,
        '--judge-model',
        'gpt-4o',
        '--data',
        DATA_DIR,
        '--out',
        out,
        '--name',
        name,
        '--no-cache',
        '--concurrency',
        String(CONCURRENCY),
      ]);
      const wall = since(start);
      const exitedAt = Date.now();
      if (code !== 0) throw new Error(`eval-adjudicator run exited ${code}: ${stderr}`);
      const manifest = readManifest(join(out, name));
      requests = manifest.usage.requests;
      items = manifest.counts.items;
      errors += manifest.counts.error;
      walls.push(wall);
      const span = await server.span();
      phases.push({
        start: span.firstReceivedAt - spawnedAt,
        requests: span.lastAnsweredAt - span.firstReceivedAt,
        finish: exitedAt - span.lastAnsweredAt,
      });
      await server.reset();
      const bareStart = performance.now();
      const bare = await runNode([join(REPO_ROOT, 'bench', 'sdkProcess.mjs'), server.url, bodiesFile, String(CONCURRENCY)]);
      if (bare.code !== 0) throw new Error(`bench/sdkProcess.mjs exited ${bare.code}: ${bare.stderr}`);
      bareWalls.push(since(bareStart));
      log(
        `whole process ${i + 1}/${repetitions}: ${requests} requests in ${Math.round(wall)} ms (ideal ${Math.round((requests * LATENCY_MS) / CONCURRENCY)} ms); ` +
          `the bare openai client's process: ${Math.round(bareWalls.at(-1) ?? 0)} ms`,
      );
    }
    const idealMs = (requests * LATENCY_MS) / CONCURRENCY;
    const floorMs = Math.ceil(requests / CONCURRENCY) * LATENCY_MS;
    const requestsMs = median(phases.map((p) => p.requests));
    const bareNodeMs = await medianSpawn(['-e', '0']);
    const cliVersionMs = await medianSpawn([cli, '--version']);
    log(`whole process: node start-up ${Math.round(bareNodeMs)} ms, eval-adjudicator --version ${Math.round(cliVersionMs)} ms`);
    return {
      items,
      requests,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      idealMs: round(idealMs, 1),
      wallMs: walls.map((w) => round(w, 0)),
      wallOverIdeal: round(median(walls) / idealMs),
      errors,
      bareNodeMs: round(bareNodeMs, 0),
      cliVersionMs: round(cliVersionMs, 0),
      startMs: round(median(phases.map((p) => p.start)), 0),
      requestsMs: round(requestsMs, 0),
      finishMs: round(median(phases.map((p) => p.finish)), 0),
      floorMs,
      requestsOverFloor: round(requestsMs / floorMs),
      sdkProcessWallOverIdeal: round(median(bareWalls) / idealMs),
      wallOverSdkProcess: round(median(walls) / median(bareWalls)),
      sdkProcessWallMs: bareWalls.map((w) => round(w, 0)),
    };
  } finally {
    await server.stop();
  }
}

async function medianSpawn(args: readonly string[]): Promise<number> {
  const walls: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const { code, stderr } = await runNode(args);
    if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`);
    walls.push(since(start));
  }
  return median(walls);
}

function runProcess(cli: string, args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return runNode([cli, ...args]);
}

function runNode(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, OPENAI_API_KEY: '' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}
