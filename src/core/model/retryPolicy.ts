import { type ModelCallError } from './modelError';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

// The first backoff is 0.25 to 0.5 s, about where the openai client's own retries start (0.5 s): a lone 500 from a server
// that answers most requests is retried soon, and failures that go on still back off to a minute.
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 60_000 };

/**
 * How long to wait after a failure: the server's Retry-After when given, else capped exponential backoff
 * with jitter (between half the ceiling and the ceiling), the ceiling doubling with `backoff`, the count
 * of the call's failures so far that came without a Retry-After (1 for the first).
 */
export function retryDelayMs(policy: RetryPolicy, backoff: number, error: ModelCallError, random: () => number = Math.random): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs * 2);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (Math.max(1, backoff) - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
