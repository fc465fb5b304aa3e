/**
 * YokaiEval runs for the reliability tests, through the core API (so the pool and retry timings can be
 * tuned for a test) against the project's test server over real HTTP with the real openai client.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { prepareYokaiEvalRun } from '../../../src/core/benchmarks/yokaieval/yokaiEvalRun';
import { renderQuestionPrompt } from '../../../src/core/benchmarks/yokaieval/questionPrompt';
import { RequestPool, type RequestPoolOptions } from '../../../src/core/model/requestPool';
import { type RetryPolicy } from '../../../src/core/model/retryPolicy';
import { type ExecuteOutcome, responseCacheIn, runEveryItem } from '../../../src/core/runs/executeRun';
import { type ModelSpec } from '../../../src/core/runs/modelSpec';
import { type ResultLine, ResultLineSchema } from '../../../src/core/runs/resultLine';
import { readJsonl } from '../../../src/core/util/jsonlReader';
import { sharedDataDir } from '../../helpers/sharedData';

export const YOKAI_DIR = join(sharedDataDir, 'yokaieval');
export const DATASET_PATH = join(YOKAI_DIR, 'YokaiEval.json');
export const TEMPLATE_PATH = join(YOKAI_DIR, 'judge_prompt.txt');
export const JUDGE_MODEL = 'gpt-4o';

const RecordsSchema = z.array(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.string() }));

export function judgeTemplate(): string {
  return readFileSync(TEMPLATE_PATH, 'utf8');
}

/** The rendered question prompt (dataset wording) of each of the first n items, by item id. */
export function questionPrompts(n: number): Map<string, string> {
  const records = RecordsSchema.parse(JSON.parse(readFileSync(DATASET_PATH, 'utf8'))).slice(0, n);
  return new Map(records.map((record, index) => [String(index), renderQuestionPrompt(record, 'dataset')]));
}

/** Which item a request to the test server is about: the model's prompt is the question prompt; the judge's holds it. */
export function itemOfRequest(prompts: ReadonlyMap<string, string>, userText: string): string | undefined {
  for (const [id, prompt] of prompts) if (userText.includes(prompt)) return id;
  return undefined;
}

export interface CoreRunOptions {
  readonly url: string;
  readonly dir: string;
  readonly limit: number;
  readonly pool: RequestPoolOptions | RequestPool;
  readonly retry: RetryPolicy;
  readonly timeoutMs?: number;
  readonly cacheDir?: string;
  readonly keys?: { readonly model?: string; readonly judge?: string };
}

function spec(url: string, name: string, apiKeyEnv: string | null, maxTokens: number): ModelSpec {
  return {
    endpoint: { provider: 'openai-compatible', baseUrl: url },
    name,
    apiKeyEnv,
    systemPrompt: null,
    params: { temperature: 0.7, topP: null, maxTokens },
  };
}

/** A new YokaiEval run of the first `limit` items, model "test-model" and judge gpt-4o at the test server. */
export async function runYokaiEval(options: CoreRunOptions): Promise<ExecuteOutcome & { pool: RequestPool }> {
  const pool = options.pool instanceof RequestPool ? options.pool : new RequestPool(options.pool);
  const session = await prepareYokaiEvalRun(
    {
      model: spec(options.url, 'test-model', 'OPENAI_API_KEY', 128),
      judge: spec(options.url, JUDGE_MODEL, 'JUDGE_API_KEY', 200),
      preset: 'open-weights',
      wording: 'dataset',
      limit: options.limit,
    },
    {
      sources: { dataDir: sharedDataDir },
      keys: options.keys ?? {},
      concurrency: pool.maxConcurrency,
      useCache: options.cacheDir !== undefined,
      pool,
      cache: options.cacheDir !== undefined ? responseCacheIn(options.cacheDir) : undefined,
      retry: options.retry,
      timeoutMs: options.timeoutMs,
    },
    'run',
  );
  const outcome = await runEveryItem(options.dir, session, { workers: pool.maxConcurrency });
  return { ...outcome, pool };
}

export function resultLines(runDir: string): ResultLine[] {
  return readJsonl(join(runDir, 'results.jsonl'), ResultLineSchema).records.map((r) => r.value);
}

/** The current (last) line of each item. */
export function currentByItem(runDir: string): Map<string, ResultLine> {
  return new Map(resultLines(runDir).map((line) => [line.itemId, line]));
}
