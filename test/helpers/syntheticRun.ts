import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { basisOf } from '../../src/core/runs/decisionBasis';
import { type AdjudicationEvent, type HallucinationCategory, type Role } from '../../src/core/adjudication/event';
import { type ResultLine } from '../../src/core/runs/resultLine';
import { RUN_FORMAT_VERSION, type RunManifest } from '../../src/core/runs/runManifest';
import { sha256Hex } from '../../src/core/util/hash';

const START = Date.parse('2025-01-01T00:00:00.000Z');

/** A finished YokaiEval-shaped run folder of n items, written directly (no model involved). */
export interface SyntheticRun {
  readonly dir: string;
  readonly ids: readonly string[];
  readonly lines: ReadonlyMap<string, ResultLine>;
  readonly adjudications: string;
}

/** A YokaiEval-shaped run.json for these items: finished with every item done, or started with none done yet. */
export function syntheticManifest(
  ids: readonly string[],
  { id = 'synthetic', finished = true }: { id?: string; finished?: boolean } = {},
): RunManifest {
  return {
    formatVersion: RUN_FORMAT_VERSION,
    id,
    benchmark: 'yokaieval',
    task: 'judge',
    status: 'finished',
    dataset: { name: 'test', repository: 'test/test', commit: '0000000', files: [], datasetItems: ids.length, itemIds: [...ids] },
    model: null,
    judge: null,
    settings: {},
    options: { concurrency: 1, cache: false, limit: null },
    toolVersion: 'test',
    startedAt: new Date(START).toISOString(),
    finishedAt: finished ? new Date(START).toISOString() : null,
    counts: { items: ids.length, done: finished ? ids.length : 0, error: 0, missing: 0 },
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
  };
}

/** Item i: automatic verdict true, false or null in turn. */
function lineOf(i: number): ResultLine {
  const verdict = i % 3 === 0 ? null : i % 3 === 1;
  return {
    itemId: String(i),
    itemHash: sha256Hex(`item ${i}`),
    time: new Date(START).toISOString(),
    inputs: {
      question: `question ${i}`,
      choices: ['a', 'b', 'c', 'd'],
      answer: 'a',
      region: '北海道',
      type: 'test',
      ref: '',
      url: '',
      refs_detail: [],
    },
    prompt: null,
    response: `response ${i}`,
    judgeReply: String(verdict),
    verdict,
    scores: {},
    usage: null,
    latencyMs: null,
    error: null,
  };
}

export function writeSyntheticRun(dir: string, n: number): SyntheticRun {
  mkdirSync(dir, { recursive: true });
  const ids = Array.from({ length: n }, (_, i) => String(i));
  const lines = ids.map((_, i) => lineOf(i));
  writeFileSync(join(dir, 'run.json'), JSON.stringify(syntheticManifest(ids)));
  writeFileSync(join(dir, 'results.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  const adjudications = join(dir, 'adjudications.jsonl');
  writeFileSync(adjudications, '');
  return { dir, ids, lines: new Map(lines.map((l) => [l.itemId, l])), adjudications };
}

export interface EventSpec {
  readonly itemId: string;
  readonly annotator: string;
  readonly minute: number;
  readonly verdict?: boolean | null;
  /** A graded run's decision (absent: none). */
  readonly grade?: number | null;
  /** The criterion decided, by its id (absent: the item). */
  readonly criterion?: string;
  readonly flag?: HallucinationCategory;
  readonly note?: string;
  readonly role?: Role;
  /** Made on another response than the item's current one. */
  readonly stale?: boolean;
}

/** An event on a synthetic run's item (an unknown item gets a made-up basis). */
export function eventOn(run: Pick<SyntheticRun, 'lines'>, spec: EventSpec): AdjudicationEvent {
  const line = run.lines.get(spec.itemId) ?? lineOf(0);
  return {
    id: crypto.randomUUID(),
    itemId: spec.itemId,
    annotator: spec.annotator,
    role: spec.role ?? 'annotator',
    time: new Date(START + spec.minute * 60_000).toISOString(),
    ...(spec.verdict !== undefined ? { verdict: spec.verdict } : {}),
    ...(spec.grade !== undefined ? { grade: spec.grade } : {}),
    ...(spec.criterion !== undefined ? { criterion: spec.criterion } : {}),
    hallucination: spec.flag ?? null,
    note: spec.note ?? '',
    basis: basisOf(spec.stale === true ? { ...line, response: 'an earlier response' } : line),
  };
}
