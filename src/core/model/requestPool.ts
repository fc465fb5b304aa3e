import { sleep } from '../util/sleep';

export interface RequestPoolOptions {
  /** The most requests in flight at once (`--concurrency`). */
  readonly maxConcurrency: number;
  /** Lower the limit on a rate limit and raise it slowly on success (AIMD). */
  readonly adaptive?: boolean;
  /**
   * Once the limit is down to one request at a time and the server still answers 429, request starts are
   * spaced: by this much more on each such 429 (default 100 ms), a tenth less on each success. Only fast
   * servers with tight rate limits feel it: for them one request at a time can still be too many.
   */
  readonly minSpacingMs?: number;
  /** The most spacing and the longest cooldown (default 30 s). */
  readonly maxSpacingMs?: number;
  /** How long every request holds after a 429 without Retry-After (default 1 s), doubled while they go on. */
  readonly cooldownMs?: number;
}

const SPACING_EASE = 0.9;
const ROUND_TRIP_WEIGHT = 0.2;

/**
 * One pool shared by every model and judge call of a run. On a 429 it halves its limit and holds every new
 * request until the server's Retry-After has passed (or, without one, for a cooldown that doubles while
 * 429s go on), rather than letting each request hammer the server on its own; each success raises the
 * limit by 1/limit, back up to the maximum. The 429s of requests sent before it backed off count as the
 * same event (one halving per burst, as TCP does). Below two requests at a time it goes on by spacing
 * request starts, eased off again by successes before the limit grows.
 */
export class RequestPool {
  readonly maxConcurrency: number;
  private readonly adaptive: boolean;
  private readonly minSpacingMs: number;
  private readonly maxSpacingMs: number;
  private readonly cooldownMs: number;
  private limit: number;
  private credit = 0;
  private spacingMs = 0;
  private nextStartAt = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;
  private lastBackoffAt = Number.NEGATIVE_INFINITY;
  private bareRateLimits = 0;
  private roundTripMs = 0;

  constructor(options: RequestPoolOptions) {
    if (!Number.isInteger(options.maxConcurrency) || options.maxConcurrency < 1) {
      throw new Error(`concurrency must be a whole number of at least 1, not ${options.maxConcurrency}`);
    }
    this.maxConcurrency = options.maxConcurrency;
    this.limit = options.maxConcurrency;
    this.adaptive = options.adaptive ?? true;
    this.minSpacingMs = options.minSpacingMs ?? 100;
    this.maxSpacingMs = options.maxSpacingMs ?? 30_000;
    this.cooldownMs = options.cooldownMs ?? 1000;
  }

  get currentLimit(): number {
    return this.limit;
  }

  /** The spacing of request starts now (0 unless 429s go on at one request at a time). */
  get currentSpacingMs(): number {
    return this.spacingMs;
  }

  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.roundTripMs += ROUND_TRIP_WEIGHT * (Date.now() - started - this.roundTripMs);
      this.release();
    }
  }

  onSuccess(): void {
    this.bareRateLimits = 0;
    if (!this.adaptive) return;
    if (this.spacingMs > 0) {
      this.spacingMs *= SPACING_EASE;
      if (this.spacingMs < this.minSpacingMs / 4) this.spacingMs = 0;
      return;
    }
    if (this.limit >= this.maxConcurrency) return;
    this.credit += 1 / this.limit;
    if (this.credit >= 1) {
      this.credit -= 1;
      this.limit += 1;
      this.dispatch();
    }
  }

  /**
   * A request was answered 429. `startedAt` (Date.now() when it was sent) tells whether it left before the
   * pool last backed off, so that the requests of one burst count as one event; without it, 429s within a
   * round trip of the last back-off do.
   */
  onRateLimited(retryAfterMs: number | undefined, startedAt?: number): void {
    const now = Date.now();
    const sameEvent = startedAt !== undefined ? startedAt < this.lastBackoffAt : now - this.lastBackoffAt < this.roundTripMs;
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    } else if (!sameEvent) {
      this.bareRateLimits += 1;
      const cooldown = Math.min(this.maxSpacingMs, this.cooldownMs * 2 ** (this.bareRateLimits - 1));
      this.pausedUntil = Math.max(this.pausedUntil, now + cooldown);
    }
    if (sameEvent) return;
    this.lastBackoffAt = now;
    if (!this.adaptive) return;
    this.credit = 0;
    // Halving below two means one request at a time with spaced starts: a fast server with a tight limit
    // can be overrun even by one request at a time.
    if (this.limit > 2) this.limit = Math.floor(this.limit / 2);
    else {
      this.limit = 1;
      this.spacingMs = Math.min(this.maxSpacingMs, this.spacingMs + this.minSpacingMs);
    }
  }

  private async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const pause = this.pausedUntil - Date.now();
      if (pause > 0) {
        await sleep(pause, signal);
        continue;
      }
      if (this.active < this.limit) {
        this.active += 1;
        try {
          await this.keepSpacing(signal);
        } catch (error) {
          this.release();
          throw error;
        }
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = (): void => {
          const at = this.waiting.indexOf(wake);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(signal?.reason as Error);
        };
        this.waiting.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
  }

  /** With a slot held: waits for this request's turn when starts are spaced, and for any pause set meanwhile. */
  private async keepSpacing(signal?: AbortSignal): Promise<void> {
    if (this.spacingMs > 0) {
      const now = Date.now();
      const startAt = Math.max(now, this.nextStartAt);
      this.nextStartAt = startAt + this.spacingMs;
      if (startAt > now) await sleep(startAt - now, signal);
    }
    for (let pause = this.pausedUntil - Date.now(); pause > 0; pause = this.pausedUntil - Date.now()) await sleep(pause, signal);
  }

  private release(): void {
    this.active -= 1;
    this.dispatch();
  }

  private dispatch(): void {
    let free = this.limit - this.active;
    while (free > 0 && this.waiting.length > 0) {
      this.waiting.shift()?.();
      free -= 1;
    }
  }
}
