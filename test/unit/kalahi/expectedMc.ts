// Kalahi MC recomputed independently of the tool, from the test server's exported tokenizer and log-probs.
import * as z from 'zod';
import { renderChat, tokenize, tokenLogprob } from '../../server';

/** The references as the benchmark defines them, recomputed here from the CSV fields: split, trimmed, '.' appended. */
export function referencesOf(inputs: Record<string, unknown>): { relevant: string[]; irrelevant: string[]; best: string } {
  const fields = z.object({ relevant_answers: z.string(), irrelevant_answers: z.string(), best_answer: z.string() }).parse(inputs);
  const period = (s: string): string => (s.endsWith('.') ? s : `${s}.`);
  const split = (s: string): string[] =>
    s
      .split(';')
      .map((a) => a.trim())
      .filter((a) => a !== '')
      .map(period);
  return {
    relevant: split(fields.relevant_answers),
    irrelevant: split(fields.irrelevant_answers),
    best: period(fields.best_answer.trim()),
  };
}

/** Sum of the server's log-probs of the tokens of `text` that start at or after `from`, by its own tokenizer. */
function logprobFrom(text: string, from: number, to = text.length): number {
  let at = 0;
  let sum = 0;
  for (const token of tokenize(text)) {
    if (at >= from && at < to) sum += tokenLogprob(text.slice(0, at), token);
    at += token.length;
  }
  return sum;
}

export interface Expected {
  readonly relevant: number[];
  readonly irrelevant: number[];
  readonly mc1: number;
  readonly mc2Paper: number;
  readonly mc2Official: number;
}

export function expectedMc(
  prompt: string,
  inputs: Record<string, unknown>,
  logprobOf: (prompt: string, reference: string) => number,
): Expected {
  const refs = referencesOf(inputs);
  const score = (r: string): number => logprobOf(prompt, r) / Buffer.byteLength(r, 'utf8');
  const relevant = refs.relevant.map(score);
  const irrelevant = refs.irrelevant.map(score);
  const best = relevant[refs.relevant.indexOf(refs.best)] ?? Number.NaN;
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
  const ratio = (f: (x: number) => number): number => sum(relevant.map(f)) / (sum(relevant.map(f)) + sum(irrelevant.map(f)));
  return {
    relevant,
    irrelevant,
    mc1: irrelevant.every((s) => best > s) ? 1 : 0,
    mc2Paper: ratio(Math.exp),
    mc2Official: ratio((x) => Math.exp(Math.exp(x))),
  };
}

export const completionsLogprob = (prompt: string, reference: string): number => logprobFrom(`${prompt}\n${reference}`, prompt.length + 1);

export const vllmChatLogprob = (prompt: string, reference: string): number => {
  const prefix = tokenize(renderChat([{ role: 'user', content: prompt }], true)).length;
  const text = renderChat(
    [
      { role: 'user', content: prompt },
      { role: 'assistant', content: reference },
    ],
    false,
  );
  let at = 0;
  let sum = 0;
  tokenize(text).forEach((token, i) => {
    if (i >= prefix) sum += tokenLogprob(text.slice(0, at), token);
    at += token.length;
  });
  return sum;
};
