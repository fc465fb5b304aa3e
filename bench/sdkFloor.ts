import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseKalahiCsv } from '../src/core/benchmarks/kalahi/dataset';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, renderMcTemplate } from '../src/core/backends/mcPromptTemplate';
import { allReferences, kalahiReferences } from '../src/core/benchmarks/kalahi/references';
import { parseYokaiEval } from '../src/core/benchmarks/yokaieval/dataset';
import { yokaiJudgeMessages, yokaiModelMessages } from '../src/core/benchmarks/yokaieval/evaluateItem';
import { OFFICIAL_SYSTEM_PROMPT } from '../src/core/benchmarks/yokaieval/presets';
import { forEachConcurrent } from '../src/core/judgeValidation/boundedConcurrency';
import OpenAI from 'openai';
import { DATA_DIR, KALAHI_CSV, YOKAIEVAL_JSON } from './paths';
import { cpuMsSince } from './stats';

/** The 1 620 request bodies of a YokaiEval run: each question, then its judge prompt. */
export function yokaiEvalBodies(): OpenAI.ChatCompletionCreateParamsNonStreaming[] {
  const items = parseYokaiEval(readFileSync(YOKAIEVAL_JSON, 'utf8'), YOKAIEVAL_JSON);
  const template = readFileSync(join(DATA_DIR, 'yokaieval', 'judge_prompt.txt'), 'utf8');
  return items.flatMap((item) => [
    {
      model: 'test-model',
      messages: yokaiModelMessages(item, 'dataset', OFFICIAL_SYSTEM_PROMPT),
      temperature: 0.1,
      top_p: 1,
      max_tokens: 128,
    },
    { model: 'gpt-4o', messages: yokaiJudgeMessages(item, 'dataset', template, item.record.answer), temperature: 0.7, max_tokens: 200 },
  ]);
}

/**
 * The same 1 620 requests as a YokaiEval run, sent with the bare openai client by `concurrency` workers: the
 * CPU time an HTTP client costs before the tool adds anything.
 */
export async function sdkFloor(url: string, concurrency: number): Promise<{ cpuMsPerRequest: number; wallMs: number; requests: number }> {
  const bodies = yokaiEvalBodies();
  const client = bareClient(url);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await forEachConcurrent(bodies, concurrency, async (body) => {
    await client.chat.completions.create(body);
  });
  const wallMs = performance.now() - start;
  return { cpuMsPerRequest: cpuMsSince(cpu) / bodies.length, wallMs, requests: bodies.length };
}

/**
 * The requests of a Kalahi MC run (each item's references as one prompt list to /v1/completions with echo,
 * log-probs and max_tokens 0, as the tool sends them to a server that takes lists) sent with the bare openai
 * client by `concurrency` workers, each reply parsed and nothing more: what any client takes here, the same
 * test server sharing these cores.
 */
export async function sdkKalahiMcFloor(url: string, concurrency: number): Promise<{ wallMs: number; requests: number }> {
  const template = parseMcTemplate(DEFAULT_MC_TEMPLATE, 'the default template');
  const bodies = parseKalahiCsv(readFileSync(KALAHI_CSV, 'utf8'), KALAHI_CSV).map((item) => ({
    model: 'test-model',
    prompt: allReferences(kalahiReferences(item, true)).map((reference) => renderMcTemplate(template, item.record.prompt, reference).text),
    echo: true,
    logprobs: 1,
    max_tokens: 0,
  }));
  const client = bareClient(url);
  const start = performance.now();
  await forEachConcurrent(bodies, concurrency, async (body) => {
    await client.completions.create(body);
  });
  return { wallMs: performance.now() - start, requests: bodies.length };
}

/** The openai client as anyone would make it (its own fetch), with its retries off as the tool's. */
function bareClient(baseURL: string): OpenAI {
  return new OpenAI({ apiKey: 'EMPTY', baseURL, maxRetries: 0, timeout: 120_000 });
}
