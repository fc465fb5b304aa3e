import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { basisOf, sameBasis } from '../runs/decisionBasis';
import { BasisSchema } from '../adjudication/event';
import { type ChatMessage } from '../model/chatClient';
import { type ResultLine } from '../runs/resultLine';
import { VERDICT_LABELS, type VerdictLabel, verdictLabel } from '../stats/confusion';
import { JsonlAppender } from '../util/jsonlAppender';
import { readJsonl } from '../util/jsonlReader';
import { type JudgeSettings, askJudge } from './askJudge';
import { forEachConcurrent } from './boundedConcurrency';
import { type ItemRecord } from './itemRecords';

export const STABILITY_FILE = 'stability.jsonl';

const Label = z.enum(VERDICT_LABELS);

/** One line of stability.jsonl (append-only): the judge asked k more times about one item's response. */
export const StabilityLineSchema = z.object({
  itemId: z.string().min(1),
  time: z.iso.datetime(),
  /** The result the asks were about; a later result makes the line stale. */
  basis: BasisSchema,
  judge: z.object({ name: z.string(), host: z.string() }),
  /** Whether it is the judge that gave the run's verdict (then that verdict counts toward a flip). */
  sameJudge: z.boolean(),
  k: z.number().int().positive(),
  original: Label.nullable(),
  /** The verdict of each ask that got an answer, and its raw reply. */
  verdicts: z.array(Label),
  replies: z.array(z.string()),
  errors: z.number().int().nonnegative(),
  /** The verdicts (with the run's, for the same judge) are not all the same. */
  flips: z.boolean(),
});
export type StabilityLine = z.infer<typeof StabilityLineSchema>;

export type StabilitySelection = 'null' | 'disputed' | 'all';
export const STABILITY_SELECTIONS: readonly StabilitySelection[] = ['null', 'disputed', 'all'];

/**
 * The items to re-ask: null (the judge said null), disputed (some current human decision differs from the
 * judge, or annotators conflict), all; only items with a response the judge can be asked about.
 */
export function selectStabilityItems(records: readonly ItemRecord[], selections: ReadonlySet<StabilitySelection>): ItemRecord[] {
  return records.filter((r) => {
    if (r.line === undefined || r.line.response === null || r.line.error?.stage === 'model') return false;
    if (selections.has('all')) return true;
    if (selections.has('null') && r.automatic === 'null') return true;
    return selections.has('disputed') && r.judge !== null && (r.conflict || r.decisions.some((d) => d.verdict !== r.judge));
  });
}

export interface StabilityOptions {
  readonly runDir: string;
  readonly items: readonly ItemRecord[];
  readonly k: number;
  readonly judge: JudgeSettings & { readonly host: string };
  readonly sameJudge: boolean;
  readonly messagesOf: (line: ResultLine) => readonly ChatMessage[];
  readonly concurrency: number;
  readonly signal: AbortSignal;
  readonly onItem?: (line: StabilityLine, done: number) => void;
}

export interface StabilityOutcome {
  readonly items: number;
  readonly flipped: number;
  readonly errors: number;
  readonly tornLineMovedTo: string | undefined;
}

/**
 * Asks the judge k more times about each item (sample indexes 1..k, so the response cache keeps each ask
 * apart from the run's own, index 0) and appends one line per item to stability.jsonl as it finishes.
 */
export async function runStability(options: StabilityOptions): Promise<StabilityOutcome> {
  const { appender, tornLineMovedTo } = JsonlAppender.open(join(options.runDir, STABILITY_FILE));
  let done = 0;
  let flipped = 0;
  let errors = 0;
  try {
    await forEachConcurrent(
      options.items,
      options.concurrency,
      async (record) => {
        const line = record.line;
        if (line === undefined) return;
        const messages = options.messagesOf(line);
        const answers = await Promise.all(
          Array.from({ length: options.k }, (_, i) => askJudge(options.judge, messages, options.signal, i + 1)),
        );
        const verdicts: VerdictLabel[] = [];
        const replies: string[] = [];
        for (const answer of answers) {
          if (answer.kind === 'verdict') {
            verdicts.push(verdictLabel(answer.verdict));
            replies.push(answer.reply);
          }
        }
        const failed = answers.length - verdicts.length;
        const compared = options.sameJudge && record.judge !== null ? [record.judge, ...verdicts] : verdicts;
        const entry: StabilityLine = {
          itemId: record.itemId,
          time: new Date().toISOString(),
          basis: basisOf(line),
          judge: { name: options.judge.model, host: options.judge.host },
          sameJudge: options.sameJudge,
          k: options.k,
          original: record.judge,
          verdicts,
          replies,
          errors: failed,
          flips: new Set(compared).size > 1,
        };
        appender.append(StabilityLineSchema.parse(entry));
        done += 1;
        if (entry.flips) flipped += 1;
        errors += failed;
        options.onItem?.(entry, done);
      },
      options.signal,
    );
  } finally {
    await appender.close();
  }
  return { items: done, flipped, errors, tornLineMovedTo };
}

export interface StabilitySummary {
  /** Items with a current (non-stale) stability line, and those whose verdict flipped. */
  readonly items: number;
  readonly flipped: number;
  readonly flipRate: number | null;
  /** Re-asks per item (the largest k among the current lines). */
  readonly k: number;
  readonly flippedItems: readonly string[];
}

/** Each item's latest stability line that still matches its current result. */
export function currentStability(runDir: string, current: ReadonlyMap<string, ResultLine>): Map<string, StabilityLine> {
  const path = join(runDir, STABILITY_FILE);
  const latest = new Map<string, StabilityLine>();
  if (!existsSync(path)) return latest;
  for (const { value } of readJsonl(path, StabilityLineSchema).records) {
    const line = current.get(value.itemId);
    if (line !== undefined && sameBasis(value.basis, basisOf(line))) latest.set(value.itemId, value);
  }
  return latest;
}

export function summarizeStability(lines: ReadonlyMap<string, StabilityLine>): StabilitySummary | null {
  if (lines.size === 0) return null;
  const flippedItems = [...lines.values()].filter((l) => l.flips).map((l) => l.itemId);
  return {
    items: lines.size,
    flipped: flippedItems.length,
    flipRate: flippedItems.length / lines.size,
    k: Math.max(...[...lines.values()].map((l) => l.k)),
    flippedItems,
  };
}
