import { sleep } from '../util/sleep';
import { EndpointFailedError, EndpointRefusedError, EndpointUnreachableError } from './endpointUnreachable';
import { ModelCallError, classifyModelError, serverAnswered } from './modelError';
import { type FailureVerdict, type PoolTicket, type RequestPool } from './requestPool';
import { type RetryPolicy, retryDelayMs } from './retryPolicy';

export interface PooledCallContext {
  readonly pool: RequestPool;
  readonly retry: RetryPolicy;
  /** Redacted from every error message. */
  readonly secrets: readonly string[];
  readonly signal?: AbortSignal | undefined;
  /**
   * The endpoint as the user named it (its base URL, without credentials). When given, a connection that
   * could not be made (refused, DNS, TLS) before this endpoint ever answered throws EndpointUnreachableError:
   * the run stops at once rather than waiting for a server that was never there; a 401 or 403 before any
   * request to it succeeded throws EndpointRefusedError (a bad key fails every item alike).
   */
  readonly endpoint?: string | undefined;
}

export type PooledCallResult<T> =
  | { readonly ok: true; readonly value: T; readonly attempts: number }
  /** A failure that is not retried (or ran out of attempts); `attempts` counts the ones made. */
  | { readonly ok: false; readonly error: ModelCallError; readonly attempts: number };

/**
 * One model request with the run's shared pool and bounded retries: each attempt waits for a place in the
 * pool, tells the pool how it went (so it can tell load from noise and see an outage), and a failure waits
 * its own Retry-After or backoff before the next. The backoff doubles with this call's failures that came
 * without a Retry-After only: a 429 waited out as the server asked says nothing against the server, so a
 * 500 after two of them is backed off as a first failure. A refused connection the pool forgives (the server is
 * briefly away) is not an attempt: the pool holds the next one until the server answers again; once the
 * pool gives the server up, a refused connection ends the call at once.
 * Cancellation throws a ModelCallError of kind 'cancelled'.
 */
export async function pooledCall<T>(context: PooledCallContext, send: () => Promise<T>, onSent?: () => void): Promise<PooledCallResult<T>> {
  const { pool, retry, secrets, signal } = context;
  // Failures waited out by backoff rather than the server's Retry-After: only these lengthen the next backoff.
  let backoffs = 0;
  for (let attempt = 1; ;) {
    const failure: { verdict: FailureVerdict } = { verdict: 'counted' };
    try {
      const value = await pool.run(async (ticket: PoolTicket) => {
        onSent?.();
        try {
          const reply = await send();
          pool.succeeded(ticket);
          if (context.endpoint !== undefined) pool.servedBy(context.endpoint);
          return reply;
        } catch (raw) {
          const error = classifyModelError(raw, secrets);
          if (context.endpoint !== undefined && serverAnswered(error)) pool.answeredBy(context.endpoint);
          if (
            context.endpoint !== undefined &&
            error.connectCause !== undefined &&
            !signal?.aborted &&
            !pool.hasAnswered(context.endpoint)
          ) {
            pool.failed(ticket, { rateLimited: false, retryAfterMs: undefined, unreachable: false, answered: false });
            throw new EndpointUnreachableError(context.endpoint, error.connectCause);
          }
          if (context.endpoint !== undefined && error.kind === 'auth' && !signal?.aborted && !pool.hasServed(context.endpoint)) {
            pool.failed(ticket, { rateLimited: false, retryAfterMs: undefined, unreachable: false, answered: true });
            throw new EndpointRefusedError(context.endpoint, error.message);
          }
          if (!signal?.aborted) {
            failure.verdict = pool.failed(ticket, {
              rateLimited: error.kind === 'rate-limit',
              retryAfterMs: error.retryAfterMs,
              unreachable: error.unreachable,
              answered: serverAnswered(error),
            });
          }
          throw error;
        }
      }, signal);
      return { ok: true, value, attempts: attempt };
    } catch (raw) {
      if (raw instanceof EndpointFailedError) throw raw;
      if (signal?.aborted) throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
      const error = classifyModelError(raw, secrets);
      if (failure.verdict === 'forgiven') continue;
      if (failure.verdict === 'gone' || !error.retryable || attempt >= retry.maxAttempts) return { ok: false, error, attempts: attempt };
      if (error.retryAfterMs === undefined) backoffs += 1;
      await sleep(retryDelayMs(retry, backoffs, error), signal).catch(() => {
        throw new ModelCallError('cancelled', 'cancelled', undefined, undefined);
      });
      attempt += 1;
    }
  }
}

/** The error a caller throws for a failed call: its message says how many attempts were made. */
export function afterAttempts(error: ModelCallError, attempts: number): ModelCallError {
  return new ModelCallError(
    error.kind,
    `${error.message} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`,
    error.status,
    error.retryAfterMs,
    error.unreachable,
    error.connectCause,
  );
}
