import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYokaiEval } from '../src/core/benchmarks/yokaieval/dataset';
import { yokaiJudgeMessages, yokaiModelMessages } from '../src/core/benchmarks/yokaieval/evaluateItem';
import { OFFICIAL_SYSTEM_PROMPT } from '../src/core/benchmarks/yokaieval/presets';
import OpenAI from 'openai';
import { DATA_DIR, YOKAIEVAL_JSON } from './paths';
import { cpuMsSince } from './stats';

/**
 * The same 1 620 requests as a YokaiEval run (each question, then its judge prompt), sent with the bare
 * openai client by `concurrency` workers: the CPU time an HTTP client costs before the tool adds anything.
 */
export async function sdkFloor(url: string, concurrency: number): Promise<{ cpuMsPerRequest: number; wallMs: number; requests: number }> {
  const items = parseYokaiEval(readFileSync(YOKAIEVAL_JSON, 'utf8'), YOKAIEVAL_JSON);
  const template = readFileSync(join(DATA_DIR, 'yokaieval', 'judge_prompt.txt'), 'utf8');
  const bodies = items.flatMap((item) => [
    { model: 'test-model', messages: yokaiModelMessages(item, 'dataset', OFFICIAL_SYSTEM_PROMPT), temperature: 0.1, top_p: 1, max_tokens: 128 },
    { model: 'gpt-4o', messages: yokaiJudgeMessages(item, 'dataset', template, item.record.answer), temperature: 0.7, max_tokens: 200 },
  ]);
  // The openai client as anyone would make it (its own fetch), with its retries off as the tool's.
  const client = new OpenAI({ apiKey: 'EMPTY', baseURL: url, maxRetries: 0, timeout: 120_000 });
  let next = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let body = bodies[next++]; body !== undefined; body = bodies[next++]) await client.chat.completions.create(body);
    }),
  );
  const wallMs = performance.now() - start;
  return { cpuMsPerRequest: cpuMsSince(cpu) / bodies.length, wallMs, requests: bodies.length };
}
