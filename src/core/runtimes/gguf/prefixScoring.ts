import { type FeedToken, type LlamaSession } from './llamaSession';

export interface ScoredSequence {
  /** Every token fed to the model, the prefix's included. */
  readonly tokens: readonly number[];
  /** Index of the first scored token. */
  readonly scoredFrom: number;
  /** Natural-log probabilities of tokens[scoredFrom..]; an underflowed one holds UNDERFLOW_LOGPROB. */
  readonly logprobs: readonly number[];
  /** Positions within `logprobs` whose probability underflowed (the value there is an upper bound). */
  readonly underflowed: readonly number[];
}

/** ln of the smallest positive float32: the bound an underflowed probability would be recorded at. */
export const UNDERFLOW_LOGPROB = Math.log(1.401298464324817e-45);

const PREFIX_SEQ = 0;

/**
 * Log-probs of each continuation's tokens after the prefix. The prefix is evaluated once (sequence 0,
 * its last row read); each continuation gets a sequence of its own sharing the prefix's KV cells
 * (llama_memory_seq_cp), and as many continuations as the context holds are evaluated together, in as
 * few decodes as the batch allows, with output rows only where a token is scored. A continuation's last
 * token is scored but never evaluated (nothing reads the row after it). One whose tokens do not begin
 * with the prefix's shares only the common part and is evaluated from where they differ.
 * With `read` false the same tokens are evaluated and nothing is read back (the benchmarks' floor).
 */
export async function scoreAfterPrefix(
  session: LlamaSession,
  prefix: readonly number[],
  sequences: readonly (readonly number[])[],
  signal: AbortSignal,
  read = true,
): Promise<ScoredSequence[]> {
  if (prefix.length === 0) throw new Error('an empty prefix has no next-token distribution');
  const scoredFrom = prefix.length;
  const shared = sequences.map((tokens) => {
    if (tokens.length <= scoredFrom)
      throw new Error(`a continuation of ${tokens.length} tokens is no longer than its prefix's ${scoredFrom}`);
    return sharedLength(prefix, tokens);
  });
  session.clear();
  const firstTargets = sequences.flatMap((tokens, i) => (shared[i] === scoredFrom ? [tokens[scoredFrom] ?? -1] : []));
  const prefixFeed: FeedToken[] = prefix.map((token, pos) => {
    const last = pos === prefix.length - 1;
    return { token, pos, seq: PREFIX_SEQ, output: last && firstTargets.length > 0, targets: last ? firstTargets : [] };
  });
  const afterPrefix = (await session.feed(prefixFeed, signal, read))[0] ?? [];
  const logprobs: number[][] = sequences.map(() => []);
  let firstIndex = 0;
  sequences.forEach((tokens, i) => {
    if (shared[i] === scoredFrom) logprobs[i]?.push(afterPrefix[firstIndex++] ?? Number.NaN);
  });
  for (const group of groups(sequences, shared, prefix.length, session)) {
    const feed: FeedToken[] = [];
    group.forEach((index, k) => {
      const seq = k + 1;
      const tokens = sequences[index] ?? [];
      const from = shared[index] ?? 0;
      session.api.llama_memory_seq_cp(session.memory, PREFIX_SEQ, seq, 0, from);
      for (let pos = from; pos < tokens.length - 1; pos++) {
        const scored = pos >= scoredFrom - 1;
        feed.push({ token: tokens[pos] ?? -1, pos, seq, output: scored, targets: scored ? [tokens[pos + 1] ?? -1] : [] });
      }
    });
    const rows = await session.feed(feed, signal, read);
    let row = 0;
    for (const token of feed) {
      if (!token.output) continue;
      const index = group[token.seq - 1] ?? -1;
      logprobs[index]?.push(rows[row++]?.[0] ?? Number.NaN);
    }
    group.forEach((_, k) => session.api.llama_memory_seq_rm(session.memory, k + 1, -1, -1));
  }
  return sequences.map((tokens, i) =>
    read ? finished(tokens, scoredFrom, logprobs[i] ?? []) : { tokens: [...tokens], scoredFrom, logprobs: [], underflowed: [] },
  );
}

/** A float64 log-sum-exp leaves nothing to underflow; a -Infinity (a -inf logit) would still be reported at the bound. */
function finished(tokens: readonly number[], scoredFrom: number, values: readonly number[]): ScoredSequence {
  if (values.length !== tokens.length - scoredFrom || values.some(Number.isNaN)) {
    throw new Error(`llama.cpp gave ${values.length} log-probs for ${tokens.length - scoredFrom} scored tokens, or a NaN among them`);
  }
  const underflowed = values.flatMap((v, i) => (v === -Infinity ? [i] : []));
  return { tokens: [...tokens], scoredFrom, logprobs: values.map((v) => (v === -Infinity ? UNDERFLOW_LOGPROB : v)), underflowed };
}

/** Continuations taken in order, as many at a time as there are free sequences and KV cells for. */
function groups(
  sequences: readonly (readonly number[])[],
  shared: readonly number[],
  prefixLength: number,
  session: LlamaSession,
): number[][] {
  const result: number[][] = [];
  let current: number[] = [];
  let cells = prefixLength;
  sequences.forEach((tokens, index) => {
    const needs = tokens.length - 1 - (shared[index] ?? 0);
    if (current.length > 0 && (current.length >= session.sequences - 1 || cells + needs > session.contextSize)) {
      result.push(current);
      current = [];
      cells = prefixLength;
    }
    current.push(index);
    cells += needs;
  });
  if (current.length > 0) result.push(current);
  return result;
}

function sharedLength(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
