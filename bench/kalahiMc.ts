import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { timedCliRun } from './cliRun';
import { DATA_DIR, KALAHI_CSV, scratchDir } from './paths';
import { sdkKalahiMcFloor } from './sdkFloor';
import { log, median, round } from './stats';
import { startServerProcess } from './testServer';

export interface KalahiMcRunResult {
  readonly concurrency: number;
  readonly items: number;
  readonly requests: number;
  readonly requestsPerItem: number;
  readonly idealMs: number;
  readonly wallMs: number;
  readonly wallOverIdeal: number;
  /** The least time any client can take: ceil(requests / concurrency) rounds of requests (the probe overlaps the first). */
  readonly floorMs: number;
  readonly wallOverFloor: number;
  /** Median client CPU time per request: parsing the echoed log-probs of every reference dominates. */
  readonly cpuMsPerRequest: number;
  /** Median time from the run's start to its first request: dataset read, sha256 and parse, checks. */
  readonly startMs: number;
  /** Median time from the last reply to the run's end: the last result line, results re-read, run.json. */
  readonly finishMs: number;
  /** Median time between the first and the last reply of the first round (the test server computes a round's replies one after another). */
  readonly firstRoundSpreadMs: number;
  /** The least any run of this tool can take here: start + floor + finish. */
  readonly lowerBoundMs: number;
  readonly lowerBoundOverIdeal: number;
  readonly wallOverLowerBound: number;
  /**
   * The same 150 requests sent by the bare openai client (each reply parsed, nothing else), alternating with
   * the tool's runs: wall / ideal. What no client reaches here is below this.
   */
  readonly sdkOnlyWallOverIdeal: number;
  /** The tool's median wall over the bare client's median wall, the two alternated in one run. */
  readonly wallOverSdkOnly: number;
}

export interface KalahiMcResult {
  readonly latencyMs: number;
  /** References per item (relevant + irrelevant), the requests per item without batching. */
  readonly referencesPerItem: number;
  readonly runs: KalahiMcRunResult[];
}

const LATENCY_MS = 100;

interface RunTimeline {
  readonly startMs: number;
  readonly finishMs: number;
  readonly firstRoundSpreadMs: number;
}

/** The HTTP requests a run sends (node:http's diagnostics channels), timed against the run's start and end. */
async function timedWithTimeline(
  argv: readonly string[],
  concurrency: number,
): Promise<{ run: Awaited<ReturnType<typeof timedCliRun>>; timeline: RunTimeline }> {
  const sent: number[] = [];
  const replied: number[] = [];
  const onSent = (): void => void sent.push(performance.now());
  const onReplied = (): void => void replied.push(performance.now());
  subscribe('http.client.request.start', onSent);
  subscribe('http.client.response.finish', onReplied);
  const started = performance.now();
  try {
    const run = await timedCliRun(argv);
    const ended = performance.now();
    const firstRound = replied.slice(0, concurrency);
    return {
      run,
      timeline: {
        startMs: (sent[0] ?? ended) - started,
        finishMs: ended - (replied.at(-1) ?? ended),
        firstRoundSpreadMs: (firstRound.at(-1) ?? 0) - (firstRound[0] ?? 0),
      },
    };
  } finally {
    unsubscribe('http.client.request.start', onSent);
    unsubscribe('http.client.response.finish', onReplied);
  }
}

/**
 * Kalahi MC (150 items, log-probs of every reference through /v1/completions with echo) against the test
 * server, which takes a prompt list, so each item's references go in one request; at concurrency 32 (as
 * the runner bench) and 8. One unmeasured run first (as the runner bench), then each figure is the median
 * of `repetitions` runs. Beside the wall time, each run's start (to its first request) and finish (from
 * its last reply) are timed: with the floor of ceil(150 / concurrency) rounds they give the least any run
 * can take here.
 */
export async function benchKalahiMc(repetitions: number): Promise<KalahiMcResult> {
  const server = await startServerProcess(['--latency-ms', String(LATENCY_MS)]);
  try {
    const out = scratchDir('kalahi');
    const argv = (name: string, concurrency: number): string[] => [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model',
      'test-model',
      '--base-url',
      server.url,
      '--data',
      DATA_DIR,
      '--out',
      out,
      '--name',
      name,
      '--no-cache',
      '--concurrency',
      String(concurrency),
    ];
    await timedCliRun(argv('warm-up', 32));
    const runs: KalahiMcRunResult[] = [];
    for (const concurrency of [32, 8]) {
      const walls: number[] = [];
      const cpu: number[] = [];
      const timelines: RunTimeline[] = [];
      const bareWalls: number[] = [];
      let requests = 0;
      let items = 0;
      for (let i = 0; i < repetitions; i++) {
        const { run, timeline } = await timedWithTimeline(argv(`mc-${concurrency}-${i}`, concurrency), concurrency);
        timelines.push(timeline);
        walls.push(run.wallMs);
        requests = run.manifest.usage.requests;
        cpu.push(run.cpuMs / requests);
        items = run.manifest.counts.items;
        if (run.manifest.counts.error > 0) throw new Error(`kalahi mc: ${run.manifest.counts.error} items failed`);
        bareWalls.push((await sdkKalahiMcFloor(server.url, concurrency)).wallMs);
      }
      const wall = median(walls);
      const idealMs = (requests * LATENCY_MS) / concurrency;
      const floorMs = Math.ceil(requests / concurrency) * LATENCY_MS;
      const startMs = median(timelines.map((t) => t.startMs));
      const finishMs = median(timelines.map((t) => t.finishMs));
      const lowerBoundMs = startMs + floorMs + finishMs;
      const bareOverIdeal = median(bareWalls) / idealMs;
      log(
        `kalahi mc at ${concurrency}: ${items} items, ${requests} requests in ${Math.round(wall)} ms (ideal ${Math.round(idealMs)} ms, floor ${floorMs} ms, ` +
          `start ${Math.round(startMs)} ms + floor + finish ${Math.round(finishMs)} ms = ${Math.round(lowerBoundMs)} ms; the bare openai client: ${bareOverIdeal.toFixed(3)} x ideal)`,
      );
      runs.push({
        concurrency,
        items,
        requests,
        requestsPerItem: round(requests / items),
        idealMs: round(idealMs, 1),
        wallMs: round(wall, 1),
        wallOverIdeal: round(wall / idealMs),
        floorMs,
        wallOverFloor: round(wall / floorMs),
        cpuMsPerRequest: round(median(cpu), 2),
        startMs: round(startMs, 1),
        finishMs: round(finishMs, 1),
        firstRoundSpreadMs: round(median(timelines.map((t) => t.firstRoundSpreadMs)), 1),
        lowerBoundMs: round(lowerBoundMs, 1),
        lowerBoundOverIdeal: round(lowerBoundMs / idealMs),
        wallOverLowerBound: round(wall / lowerBoundMs),
        sdkOnlyWallOverIdeal: round(bareOverIdeal),
        wallOverSdkOnly: round(wall / median(bareWalls)),
      });
    }
    return { latencyMs: LATENCY_MS, referencesPerItem: round(meanReferences(), 2), runs };
  } finally {
    await server.stop();
  }
}

/** Mean references (relevant + irrelevant) per item of the official CSV. */
function meanReferences(): number {
  const items = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV);
  return items.reduce((sum, item) => sum + item.relevant.length + item.irrelevant.length, 0) / items.length;
}
