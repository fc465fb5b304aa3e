import { join } from 'node:path';
import { AdjudicationWriter } from '../src/core/adjudication/adjudicationLog';
import { type AdjudicationEvent } from '../src/core/adjudication/event';
import { newAdjudicationEvent } from '../src/core/adjudication/newEvent';
import { ReviewSession } from '../src/core/review/reviewSession';
import { scratchDir } from './paths';
import { log, median, percentile, round, since } from './stats';

export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

export interface AdjudicationResult {
  /** One append at a time, each awaited until fsync'd (an annotator pressing keys). */
  readonly sequential: LatencySummary;
  /** Bursts of `burstSize` appends issued together (several windows, a CSV import): each until durable. */
  readonly bursts: LatencySummary & { readonly burstSize: number };
  /** After one decision on the synthetic run: readTail() + header(), what the panel does before it answers. */
  readonly summaryAfterDecision: LatencySummary & { readonly items: number };
}

const EVENTS = 1000;
const BURST = 10;

function summary(times: readonly number[]): LatencySummary {
  return {
    count: times.length,
    p50Ms: round(percentile(times, 50), 3),
    p95Ms: round(percentile(times, 95), 3),
    maxMs: round(Math.max(...times), 3),
  };
}

function syntheticEvent(i: number): AdjudicationEvent {
  const hash = (n: number): string => n.toString(16).padStart(64, '0');
  return {
    id: crypto.randomUUID(),
    itemId: String(i % 810),
    annotator: 'bench',
    role: 'annotator',
    time: new Date().toISOString(),
    verdict: i % 3 === 0 ? true : i % 3 === 1 ? false : null,
    hallucination: null,
    note: i % 7 === 0 ? 'この妖怪の出典は違う。' : '',
    basis: { item: hash(i), response: hash(i + 1), judgeReply: hash(i + 2) },
  };
}

/** Append latency with fsync, and the header recomputed after one decision on a 100 000-item run. */
export async function benchAdjudication(runDir: string, decisions: number): Promise<AdjudicationResult> {
  const writer = AdjudicationWriter.open(join(scratchDir('adjudications'), 'adjudications.jsonl'));
  const sequential: number[] = [];
  const bursts: number[] = [];
  try {
    for (let i = 0; i < EVENTS; i++) {
      const event = syntheticEvent(i);
      const start = performance.now();
      await writer.append([event]);
      sequential.push(since(start));
    }
    for (let i = 0; i < EVENTS; i += BURST) {
      const start = performance.now();
      await Promise.all(
        Array.from({ length: BURST }, (_, k) => writer.append([syntheticEvent(i + k)]).then(() => bursts.push(since(start)))),
      );
    }
  } finally {
    await writer.close();
  }
  log(
    `adjudication: append p50 ${median(sequential).toFixed(2)} ms, p95 ${percentile(sequential, 95).toFixed(2)} ms; in bursts of ${BURST} p95 ${percentile(bursts, 95).toFixed(2)} ms`,
  );

  const { session } = ReviewSession.open(runDir, 'bench');
  const runWriter = AdjudicationWriter.open(session.paths.adjudications);
  const recompute: number[] = [];
  try {
    session.header();
    const ids = session.manifest.dataset.itemIds;
    for (let i = 0; i < decisions; i++) {
      const itemId = ids[(i * 7919) % ids.length] ?? '0';
      const current = session.currentLine(itemId);
      if (current === undefined) continue;
      const state = { verdict: i % 2 === 0, hallucination: null, note: '' };
      await runWriter.append([newAdjudicationEvent({ itemId, annotator: 'bench', role: 'annotator', state, current })]);
      const start = performance.now();
      session.readTail();
      session.header();
      recompute.push(since(start));
    }
  } finally {
    await runWriter.close();
  }
  log(
    `adjudication: readTail() + header() after one decision on ${session.manifest.dataset.itemIds.length} items: p50 ${median(recompute).toFixed(2)} ms, p95 ${percentile(recompute, 95).toFixed(2)} ms`,
  );
  return {
    sequential: summary(sequential),
    bursts: { ...summary(bursts), burstSize: BURST },
    summaryAfterDecision: { ...summary(recompute), items: session.manifest.dataset.itemIds.length },
  };
}
