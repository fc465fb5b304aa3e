import { timedCliRun } from './cliRun';
import { DATA_DIR, scratchDir } from './paths';
import { sdkFloor } from './sdkFloor';
import { log, median, round } from './stats';
import { startServerProcess } from './testServer';

export interface RunnerResult {
  readonly items: number;
  readonly requests: number;
  readonly latencyMs: number;
  readonly concurrency: number;
  readonly idealMs: number;
  readonly wallMs: number[];
  /** Median of wall / ideal over the repetitions. */
  readonly wallOverIdeal: number;
  /** The same requests sent by the openai client alone, same server and concurrency: what the tool adds is the difference. */
  readonly sdkOnlyWallOverIdeal: number;
  /** Median client CPU time per request (this process only: the server runs in a child process). */
  readonly cpuMsPerRequest: number;
  /** The openai client alone sending the same requests: the floor under the tool's own work. */
  readonly sdkOnlyCpuMsPerRequest: number;
  /** cpuMsPerRequest - sdkOnlyCpuMsPerRequest: prompts, pool, retries, result lines, fsync. */
  readonly toolCpuMsPerRequest: number;
  /** cpuMsPerRequest / sdkOnlyCpuMsPerRequest, measured in the same run. */
  readonly cpuOverSdk: number;
  readonly errors: number;
}

export const RUNNER_LATENCY_MS = 100;
export const RUNNER_CONCURRENCY = 32;

/**
 * A full YokaiEval run (810 items, model + judge = 1 620 requests) through the CLI's own code path, against
 * the test server in a child process answering after a fixed 100 ms, at concurrency 32, response cache off.
 * One unmeasured run first warms up the JIT, the module loader and the connections; then `repetitions` measured runs.
 */
export async function benchRunner(repetitions: number): Promise<RunnerResult> {
  const server = await startServerProcess(['--latency-ms', String(RUNNER_LATENCY_MS)]);
  try {
    const out = scratchDir('runner');
    const args = (name: string): string[] => [
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
      String(RUNNER_CONCURRENCY),
    ];
    await timedCliRun(args('warm-up'));
    const walls: number[] = [];
    const ratios: number[] = [];
    const cpuPerRequest: number[] = [];
    let requests = 0;
    let items = 0;
    let errors = 0;
    for (let i = 0; i < repetitions; i++) {
      const run = await timedCliRun(args(`run-${i}`));
      requests = run.manifest.usage.requests;
      items = run.manifest.counts.items;
      errors += run.manifest.counts.error;
      const ideal = (requests * RUNNER_LATENCY_MS) / RUNNER_CONCURRENCY;
      walls.push(round(run.wallMs, 1));
      ratios.push(run.wallMs / ideal);
      cpuPerRequest.push(run.cpuMs / requests);
      log(
        `runner ${i + 1}/${repetitions}: ${requests} requests in ${Math.round(run.wallMs)} ms (ideal ${Math.round(ideal)} ms), client CPU ${(run.cpuMs / requests).toFixed(2)} ms/request`,
      );
    }
    const floors: number[] = [];
    const floorRatios: number[] = [];
    for (let i = 0; i < repetitions; i++) {
      const bare = await sdkFloor(server.url, RUNNER_CONCURRENCY);
      floors.push(bare.cpuMsPerRequest);
      floorRatios.push(bare.wallMs / ((bare.requests * RUNNER_LATENCY_MS) / RUNNER_CONCURRENCY));
    }
    const cpu = median(cpuPerRequest);
    const floor = median(floors);
    log(`runner: the openai client alone costs ${floor.toFixed(2)} ms CPU per request, wall / ideal ${median(floorRatios).toFixed(3)}`);
    return {
      items,
      requests,
      latencyMs: RUNNER_LATENCY_MS,
      concurrency: RUNNER_CONCURRENCY,
      idealMs: round((requests * RUNNER_LATENCY_MS) / RUNNER_CONCURRENCY, 1),
      wallMs: walls,
      wallOverIdeal: round(median(ratios)),
      sdkOnlyWallOverIdeal: round(median(floorRatios)),
      cpuMsPerRequest: round(cpu),
      sdkOnlyCpuMsPerRequest: round(floor),
      toolCpuMsPerRequest: round(cpu - floor),
      cpuOverSdk: round(cpu / floor),
      errors,
    };
  } finally {
    await server.stop();
  }
}
