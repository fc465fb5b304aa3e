import { type ModelCallError } from './modelError';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** How long to wait before attempt `attempt + 1`: the server's Retry-After when given, else capped exponential backoff with full jitter. */
export function retryDelayMs(policy: RetryPolicy, attempt: number, error: ModelCallError, random: () => number = Math.random): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, policy.maxDelayMs * 2);
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
