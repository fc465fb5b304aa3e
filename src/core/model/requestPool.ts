import { sleep } from '../util/sleep';

export interface RequestPoolOptions {
  /** The most requests in flight at once (`--concurrency`). */
  readonly maxConcurrency: number;
  /** Lower the limit on a rate limit and raise it slowly on success (AIMD). */
  readonly adaptive?: boolean;
}

/**
 * One pool shared by every model and judge call of a run. On a 429 it halves its limit and holds every new
 * request until the server's Retry-After has passed, rather than letting each request hammer the server on
 * its own; each success raises the limit by 1/limit, back up to the maximum.
 */
export class RequestPool {
  readonly maxConcurrency: number;
  private readonly adaptive: boolean;
  private limit: number;
  private credit = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;

  constructor(options: RequestPoolOptions) {
    if (!Number.isInteger(options.maxConcurrency) || options.maxConcurrency < 1) {
      throw new Error(`concurrency must be a whole number of at least 1, not ${options.maxConcurrency}`);
    }
    this.maxConcurrency = options.maxConcurrency;
    this.limit = options.maxConcurrency;
    this.adaptive = options.adaptive ?? true;
  }

  get currentLimit(): number {
    return this.limit;
  }

  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  onSuccess(): void {
    if (!this.adaptive || this.limit >= this.maxConcurrency) return;
    this.credit += 1 / this.limit;
    if (this.credit >= 1) {
      this.credit -= 1;
      this.limit += 1;
      this.dispatch();
    }
  }

  onRateLimited(retryAfterMs: number | undefined): void {
    if (this.adaptive) {
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.credit = 0;
    }
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs);
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
