// POST /v1/completions: echoed prompts with deterministic log-probs (Kalahi MC scoring) and short
// deterministic generations.
import { filipinoReply } from './chatScript';
import { errorBody, type ErrorBody } from './errors';
import type { CompletionBody } from './schemas';
import { tokenId, tokenize, tokenLogprob, tokenLogprobs, tokenOffsets, tokenOffsetsInCodePoints } from './tokenizer';
import type { CompletionRequestInfo, CompletionsOptions } from './types';

/** max_tokens when the request gives none (OpenAI's legacy default). */
export const DEFAULT_COMPLETION_MAX_TOKENS = 16;

/** Candidates offered beside the real token in top_logprobs. */
const ALTERNATIVES = [
  ' ang',
  ' ng',
  ' sa',
  ' na',
  ' mga',
  ' ay',
  ' at',
  ' si',
  ',',
  '.',
  ' hindi',
  ' po',
  ' ko',
  ' ito',
  ' iyon',
  ' kung',
  ' para',
  ' may',
  ' lang',
  ' din',
];

/** Checks that depend on the server's options; null when the request is acceptable. */
export function completionRequestError(body: CompletionBody, opts: CompletionsOptions): ErrorBody | null {
  if (body.stream === true)
    return errorBody('stream is not supported by the test server.', { param: 'stream', code: 'unsupported_parameter' });
  if (Array.isArray(body.prompt) && opts.acceptPromptList === false) {
    return errorBody('prompt must be a string on this server.', { param: 'prompt' });
  }
  if (body.max_tokens === 0 && opts.refuseMaxTokensZero === true) {
    return errorBody('max_tokens must be at least 1, got 0.', { param: 'max_tokens' });
  }
  return null;
}

/**
 * The generated continuation of a prompt: the tokens of " " + filipinoReply(prompt, seed), cut to
 * maxTokens. Exported so tests can predict it.
 */
export function generatedTokens(prompt: string, maxTokens: number, seed: number): { tokens: string[]; cut: boolean } {
  const all = tokenize(' ' + filipinoReply(prompt, seed));
  return { tokens: all.slice(0, maxTokens), cut: all.length > maxTokens };
}

interface ChoiceParts {
  choice: Record<string, unknown>;
  promptTokens: number;
  completionTokens: number;
}

/**
 * One choice. Scored text = prompt + generated tokens; token i's logprob is tokenLogprob(scored text
 * before it, token). With echo the text, tokens and text_offset cover the prompt too (the first token's
 * logprob is null, as real servers send it); without echo they cover only the generation and text_offset
 * counts from the start of the returned text.
 */
function completionChoice(prompt: string, index: number, body: CompletionBody, opts: CompletionsOptions, seed: number): ChoiceParts {
  const maxTokens = body.max_tokens ?? DEFAULT_COMPLETION_MAX_TOKENS;
  const echo = body.echo === true;
  const promptToks = tokenize(prompt);
  const gen = generatedTokens(prompt, maxTokens, seed);
  const all = [...promptToks, ...gen.tokens];
  const lps = tokenLogprobs(all);
  const shown = echo ? all : gen.tokens;
  const shownLps = echo ? lps : lps.slice(promptToks.length);
  // Context before the first shown token: "" with echo, the prompt without.
  const before = echo ? '' : prompt;
  const text = shown.join('');
  const mode = opts.logprobsMode ?? 'normal';

  let logprobs: Record<string, unknown> | null = null;
  if (body.logprobs !== null && body.logprobs !== undefined && mode !== 'none') {
    const k = body.logprobs;
    const tokenLp = shownLps.map((lp, i): number | null => {
      if (mode === 'nulls' || (echo && i === 0)) return null;
      return mode === 'constant' ? -1 : lp;
    });
    const offsets = opts.textOffsetUnit === 'codepoint' ? tokenOffsetsInCodePoints(shown) : tokenOffsets(shown);
    const utf16Offsets = tokenOffsets(shown);
    const top = shown.map((tok, i) => {
      const lp = tokenLp[i];
      if (lp === null || lp === undefined) return null;
      const context = before + text.slice(0, utf16Offsets[i] ?? 0);
      const entries: [string, number][] = [[tok, lp]];
      for (const alt of ALTERNATIVES) {
        if (entries.length >= Math.max(1, k)) break;
        if (alt !== tok) entries.push([alt, mode === 'constant' ? -1 : tokenLogprob(context, alt)]);
      }
      return Object.fromEntries(entries);
    });
    logprobs = { tokens: shown, token_logprobs: tokenLp, top_logprobs: top, text_offset: offsets };
  }

  const choice: Record<string, unknown> = {
    index,
    text,
    logprobs,
    finish_reason: gen.cut || maxTokens === 0 ? 'length' : 'stop',
  };
  if (body.prompt_logprobs !== null && body.prompt_logprobs !== undefined) {
    choice['prompt_logprobs'] = promptToks.map((tok, i) =>
      i === 0 ? null : { [String(tokenId(tok))]: { logprob: lps[i], rank: 1, decoded_token: tok } },
    );
  }
  return { choice, promptTokens: promptToks.length, completionTokens: gen.tokens.length };
}

export function completionBody(
  info: CompletionRequestInfo,
  opts: CompletionsOptions,
  seed: number,
  id: string,
  extra: { emptyChoices?: boolean } = {},
): Record<string, unknown> {
  const parts = info.prompts.map((p, i) => completionChoice(p, i, info.body, opts, seed));
  const promptTokens = parts.reduce((n, p) => n + p.promptTokens, 0);
  const completionTokens = parts.reduce((n, p) => n + p.completionTokens, 0);
  return {
    id,
    object: 'text_completion',
    created: Math.floor(Date.now() / 1000),
    model: info.model,
    system_fingerprint: 'fp_test',
    choices: extra.emptyChoices === true ? [] : parts.map((p) => p.choice),
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}
