// How many rounds of requests a run takes: items of two requests (an answer, then its judge) through the
// run's item runner and a real request pool, every request of a round answered at once by the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RequestPool } from '../../../src/core/model/requestPool';
import { type ItemTask, itemsInFlight, runItems } from '../../../src/core/runs/itemRunner';
import { type ResultLine, ResultLineSchema } from '../../../src/core/runs/resultLine';
import { sha256Hex } from '../../../src/core/util/hash';
import { readJsonl } from '../../../src/core/util/jsonlReader';

function lineOf(itemId: string): ResultLine {
  return {
    itemId,
    itemHash: sha256Hex(itemId),
    time: new Date(0).toISOString(),
    inputs: {},
    prompt: null,
    response: 'answer',
    judgeReply: 'true',
    verdict: true,
    scores: {},
    usage: null,
    latencyMs: null,
    error: null,
  };
}

interface Rounds {
  readonly rounds: number;
  readonly mostInFlight: number;
  /** The item ids of results.jsonl's lines, in file order. */
  readonly lines: string[];
}

/** Runs `items` two-request items at `places`; each round, the requests in flight are answered together. */
async function runInRounds(items: number, places: number): Promise<Rounds> {
  const dir = mkdtempSync(join(tmpdir(), 'items-in-flight-'));
  try {
    const pool = new RequestPool({ maxConcurrency: places });
    let answerRound: (() => void)[] = [];
    const request = (): Promise<void> =>
      pool.run(async (ticket) => {
        await new Promise<void>((resolve) => answerRound.push(resolve));
        pool.succeeded(ticket);
      });
    const tasks: ItemTask[] = Array.from({ length: items }, (_, i) => ({
      itemId: `item-${i}`,
      async run(): Promise<ResultLine> {
        await request();
        await request();
        return lineOf(`item-${i}`);
      },
    }));
    let finished = false;
    const run = runItems({ resultsPath: join(dir, 'results.jsonl'), tasks, workers: places }).finally(() => (finished = true));
    let rounds = 0;
    let mostInFlight = 0;
    while (!finished) {
      for (let i = 0; i < 5; i++) await tick();
      if (answerRound.length === 0) continue;
      mostInFlight = Math.max(mostInFlight, pool.inFlight);
      rounds += 1;
      const answering = answerRound;
      answerRound = [];
      for (const answer of answering) answer();
    }
    await run;
    const lines = readJsonl(join(dir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value.itemId);
    return { rounds, mostInFlight, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('two-request items pack into ceil(requests / places) rounds: the last items do not run alone', async () => {
  // 10 items at 4 places: 20 requests, 5 rounds. One item per place would take 6 (3 items on two places).
  const packed = await runInRounds(10, 4);
  assert.equal(packed.rounds, 5);
  assert.equal(packed.mostInFlight, 4, 'never more requests in flight than places');
  assert.equal(new Set(packed.lines).size, 10, 'each item once');
  // 810 items at 32, as the bench's YokaiEval run: 51 rounds, not 52.
  const yokai = await runInRounds(810, 32);
  assert.equal(yokai.rounds, 51);
  assert.equal(yokai.mostInFlight, 32);
  assert.equal(new Set(yokai.lines).size, 810);
});

test('one place keeps one item in flight, in dataset order', async () => {
  assert.equal(itemsInFlight(1), 1);
  const serial = await runInRounds(3, 1);
  assert.equal(serial.rounds, 6);
  assert.equal(serial.mostInFlight, 1);
  assert.deepEqual(serial.lines, ['item-0', 'item-1', 'item-2']);
});
