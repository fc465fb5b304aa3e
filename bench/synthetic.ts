import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { basisOf } from '../src/core/runs/decisionBasis';
import { type AdjudicationEvent } from '../src/core/adjudication/event';
import { type YokaiEvalItem, parseYokaiEval } from '../src/core/benchmarks/yokaieval/dataset';
import { yokaiItemHash } from '../src/core/benchmarks/yokaieval/evaluateItem';
import { renderQuestionPrompt } from '../src/core/benchmarks/yokaieval/questionPrompt';
import { parseJudgeVerdict } from '../src/core/benchmarks/yokaieval/verdict';
import { type ResultLine } from '../src/core/runs/resultLine';
import { type RunManifest, RUN_FORMAT_VERSION } from '../src/core/runs/runManifest';
import { ADJUDICATIONS_FILE, RESULTS_FILE, RUN_FILE } from '../src/core/runs/runFolder';
import { TOOL_VERSION } from '../src/core/version';
import { YOKAIEVAL_JSON } from './paths';

export interface SyntheticRun {
  readonly dir: string;
  readonly items: number;
  readonly resultsBytes: number;
  readonly adjudicationEvents: number;
  readonly writeMs: number;
}

export interface SyntheticOptions {
  readonly items: number;
  /** Items decided by two annotators (a tenth of them in conflict, a twentieth settled by an adjudicator). */
  readonly decided: number;
}

/** A deterministic generator (mulberry32), so every bench run writes the same folder. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STARTED = '2025-01-01T00:00:00.000Z';

function manifestOf(ids: readonly string[], errors: number): RunManifest {
  const model = (name: string): NonNullable<RunManifest['model']> => ({
    provider: 'openai-compatible',
    name,
    host: '127.0.0.1:8000',
    baseUrl: 'http://127.0.0.1:8000/v1',
    apiKeyEnv: null,
    parameters: { systemPrompt: null, temperature: 0.1, topP: 1, maxTokens: 128 },
    servedModel: name,
    systemFingerprint: 'fp_bench',
  });
  return {
    formatVersion: RUN_FORMAT_VERSION,
    id: `bench-synthetic-${ids.length}`,
    benchmark: 'yokaieval',
    task: 'judge',
    status: 'finished',
    dataset: {
      name: 'YokaiEval (synthetic: the 810 items repeated)',
      repository: 'CyberAgentAILab/YokaiEval',
      commit: '84b5f91',
      files: [],
      datasetItems: ids.length,
      itemIds: [...ids],
    },
    model: model('bench-model'),
    judge: model('bench-judge'),
    settings: { preset: 'open-weights', wording: 'dataset', judgeTemplateSha256: '0'.repeat(64), questionPromptFormat: 'synthetic' },
    options: { concurrency: 32, cache: false, limit: null },
    toolVersion: TOOL_VERSION,
    startedAt: STARTED,
    finishedAt: STARTED,
    counts: { items: ids.length, done: ids.length - errors, error: errors, missing: 0 },
    usage: { promptTokens: 0, completionTokens: 0, requests: ids.length * 2 },
  };
}

/**
 * The result line of synthetic item `index`: a real YokaiEval question (the 810 repeated), a response that
 * is the gold answer, another choice or a sentence, the judge's reply and its verdict, 1 % errors. The
 * filled judge prompt (4 KB per line in a real run) is left out, as in an imported run, to keep a
 * 100 000-line file near 200 MB.
 */
export function syntheticLine(index: number, item: YokaiEvalItem, hash: string, random: () => number): ResultLine {
  const { record } = item;
  const roll = random();
  const other = record.choices.find((c) => c !== record.answer) ?? record.answer;
  const response = roll < 0.6 ? record.answer : roll < 0.9 ? other : `${other}だと思います。理由は、${record.question.slice(0, 40)}…`;
  const error = random() < 0.01;
  const judgeReply = error ? null : random() < 0.03 ? 'null' : response === record.answer ? 'true' : 'false';
  return {
    itemId: String(index),
    itemHash: hash,
    time: STARTED,
    inputs: record,
    prompt: { messages: [{ role: 'user', content: renderQuestionPrompt(record, 'dataset') }] },
    judgePrompt: null,
    response,
    judgeReply,
    verdict: judgeReply === null ? null : parseJudgeVerdict(judgeReply),
    scores: { correct: judgeReply === 'true' ? 1 : 0 },
    usage: { promptTokens: 120 + Math.floor(random() * 80), completionTokens: 4 + Math.floor(random() * 20) },
    latencyMs: 100 + Math.floor(random() * 900),
    cached: false,
    error: error ? { stage: 'judge', kind: 'server', message: '500 Internal Server Error (after 6 attempts)' } : null,
  };
}

function eventFor(
  line: ResultLine,
  annotator: string,
  role: AdjudicationEvent['role'],
  verdict: boolean | null,
  minute: number,
): AdjudicationEvent {
  return {
    id: randomUUID(),
    itemId: line.itemId,
    annotator,
    role,
    time: new Date(Date.parse(STARTED) + minute * 60_000).toISOString(),
    verdict,
    hallucination: null,
    note: '',
    basis: basisOf(line),
  };
}

/** Writes a run folder of `items` YokaiEval-shaped results and some adjudications. */
export function writeSyntheticRun(dir: string, options: SyntheticOptions): SyntheticRun {
  const started = performance.now();
  const dataset = parseYokaiEval(readFileSync(YOKAIEVAL_JSON, 'utf8'), YOKAIEVAL_JSON);
  const hashes = dataset.map(yokaiItemHash);
  mkdirSync(dir, { recursive: true });
  const random = rng(20250101);
  const ids: string[] = [];
  let errors = 0;
  let events = 0;
  const results = openSync(join(dir, RESULTS_FILE), 'w');
  const adjudications = openSync(join(dir, ADJUDICATIONS_FILE), 'w');
  try {
    let chunk: string[] = [];
    let decisions: string[] = [];
    for (let i = 0; i < options.items; i++) {
      const source = dataset[i % dataset.length];
      const hash = hashes[i % dataset.length];
      if (source === undefined || hash === undefined) throw new Error('empty dataset');
      const line = syntheticLine(i, source, hash, random);
      if (line.error !== null) errors += 1;
      ids.push(line.itemId);
      chunk.push(JSON.stringify(line));
      if (i < options.decided) {
        const auto = line.verdict;
        const conflict = i % 10 === 3;
        decisions.push(JSON.stringify(eventFor(line, 'alice', 'annotator', auto, i)));
        decisions.push(JSON.stringify(eventFor(line, 'bob', 'annotator', conflict ? auto !== true : auto, i + 1)));
        events += 2;
        if (i % 20 === 3) {
          decisions.push(JSON.stringify(eventFor(line, 'carol', 'adjudicator', true, i + 2)));
          events += 1;
        }
      }
      if (chunk.length === 1000) {
        writeSync(results, `${chunk.join('\n')}\n`);
        chunk = [];
        if (decisions.length > 0) writeSync(adjudications, `${decisions.join('\n')}\n`);
        decisions = [];
      }
    }
    if (chunk.length > 0) writeSync(results, `${chunk.join('\n')}\n`);
    if (decisions.length > 0) writeSync(adjudications, `${decisions.join('\n')}\n`);
  } finally {
    closeSync(results);
    closeSync(adjudications);
  }
  writeFileSync(join(dir, RUN_FILE), `${JSON.stringify(manifestOf(ids, errors), null, 2)}\n`);
  return {
    dir,
    items: options.items,
    resultsBytes: statSync(join(dir, RESULTS_FILE)).size,
    adjudicationEvents: events,
    writeMs: performance.now() - started,
  };
}
