import { sleep } from '../util/sleep';
import { LoadProbe } from './loadProbe';
import { type OutageEvent, OutageGate } from './outageGate';

export { type OutageEvent } from './outageGate';

export interface RequestPoolOptions {
  /** The most requests in flight at once (`--concurrency`). */
  readonly maxConcurrency: number;
  /** Lower the limit when 429s rise with load and raise it slowly on success (default true). */
  readonly adaptive?: boolean;
  /**
   * Once the limit is down to one request at a time and the server still answers 429, request starts are
   * spaced: by this much more on each such 429 (default 100 ms), a tenth less on each success. Only fast
   * servers with tight rate limits feel it: for them one request at a time can still be too many.
   */
  readonly minSpacingMs?: number;
  /** The most spacing and the longest cooldown (default 30 s). */
  readonly maxSpacingMs?: number;
  /** At one request at a time, how long every request holds after a 429 without Retry-After (default 1 s), doubled while they go on. */
  readonly cooldownMs?: number;
  /** How long an unreachable server (connection refused) is waited for before its requests fail without retries (default 120 s). */
  readonly outagePatienceMs?: number;
  /** The first wait between probes of an unreachable server (default 250 ms), doubled up to 2 s. */
  readonly outageProbeMs?: number;
  /** Told when a server stops answering mid-run (the pool waits for it), when it is back, and when the pool gives it up. */
  readonly onOutage?: (event: OutageEvent) => void;
}

/** What the pool knows of one request it let through; handed back with its outcome. */
export interface PoolTicket {
  readonly epoch: number;
  /** The one request let through to see whether an unreachable server is back. */
  readonly probe: boolean;
  settled: boolean;
}

/** How a request that got no reply failed, as far as the pool cares. */
export interface RequestFailure {
  readonly rateLimited: boolean;
  readonly retryAfterMs: number | undefined;
  /** Connection refused (or no route): the server is not there at all. */
  readonly unreachable: boolean;
  /** The server sent an HTTP answer (an error status): it is there. */
  readonly answered: boolean;
}

export type FailureVerdict = 'counted' | 'forgiven' | 'gone';

const SPACING_EASE = 0.9;

/** How long a server that stopped answering mid-run is waited for (`--outage-patience`, 120 s). */
export const DEFAULT_OUTAGE_PATIENCE_MS = 120_000;

/**
 * One pool shared by every model and judge call of a run. A 429 delays only its own request (by its
 * Retry-After, in the caller's retry loop). The pool lowers its limit only when 429s rise with load (see
 * LoadProbe): a server that sheds a fraction of requests whatever the load keeps the full concurrency. Once
 * a rate limit has brought the limit down to one request at a time and 429s go on, every request holds
 * for the Retry-After (or a cooldown that doubles) and request starts are spaced. A window of requests
 * with no more 429s than usual raises the limit by one, back up to the maximum. A server that refuses connections holds every request while one
 * probe at a time looks for it (see OutageGate).
 */
export class RequestPool {
  readonly maxConcurrency: number;
  private readonly adaptive: boolean;
  private readonly minSpacingMs: number;
  private readonly maxSpacingMs: number;
  private readonly cooldownMs: number;
  private readonly probe: LoadProbe;
  private readonly outage: OutageGate;
  private limit: number;
  private spacingMs = 0;
  private nextStartAt = 0;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;
  private bareRateLimits = 0;
  /** The limit came down because 429s rose with load (not just a probe). */
  private loadLimited = false;
  private readonly answered = new Set<string>();
  private readonly served = new Set<string>();

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
    this.probe = new LoadProbe(this.maxConcurrency);
    this.outage = new OutageGate(
      options.outagePatienceMs ?? DEFAULT_OUTAGE_PATIENCE_MS,
      options.outageProbeMs ?? 250,
      () => this.wakeAll(),
      options.onOutage,
    );
  }

  /** An endpoint answered (a reply or an HTTP error): it exists, so a later refusal is an outage to wait out. */
  answeredBy(endpoint: string): void {
    this.answered.add(endpoint);
  }

  hasAnswered(endpoint: string): boolean {
    return this.answered.has(endpoint);
  }

  /** A request to this endpoint succeeded (it answered too). */
  servedBy(endpoint: string): void {
    this.answered.add(endpoint);
    this.served.add(endpoint);
  }

  hasServed(endpoint: string): boolean {
    return this.served.has(endpoint);
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

  /** The share of 429s found not to depend on the load (0 until some were). */
  get noiseShare(): number {
    return this.probe.expectedNoiseShare;
  }

  /** Runs `task` once a place is free; the task reports its outcome with `succeeded` or `failed` and its ticket. */
  async run<T>(task: (ticket: PoolTicket) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const ticket = await this.acquire(signal);
    try {
      return await task(ticket);
    } finally {
      if (!ticket.settled && ticket.probe) this.outage.probeEnded(false);
      this.release();
    }
  }

  /** The server answered (a reply, or any HTTP error other than 429). */
  succeeded(ticket: PoolTicket): void {
    if (ticket.settled) return;
    ticket.settled = true;
    this.outage.reached();
    this.bareRateLimits = 0;
    if (this.spacingMs > 0) {
      this.spacingMs *= SPACING_EASE;
      if (this.spacingMs < this.minSpacingMs / 4) this.spacingMs = 0;
    }
    this.countOutcome(ticket, false);
  }

  /**
   * The request got no reply it can use. 'forgiven': the server is away, within the pool's patience; the
   * caller should not count it as an attempt (the pool holds its next one until the server answers again).
   * 'gone': the server has been away longer than the patience; the caller should not retry. 'counted':
   * an ordinary failed attempt.
   */
  failed(ticket: PoolTicket, failure: RequestFailure): FailureVerdict {
    if (ticket.settled) return 'counted';
    ticket.settled = true;
    if (failure.unreachable) return this.outage.unreachable(ticket.probe);
    if (failure.answered) this.outage.reached();
    else if (ticket.probe) this.outage.probeEnded(false);
    if (!failure.rateLimited) return 'counted';
    this.countOutcome(ticket, true);
    if (this.adaptive && this.loadLimited && this.limit <= 1) this.holdEveryone(failure.retryAfterMs);
    return 'counted';
  }

  private countOutcome(ticket: PoolTicket, rateLimited: boolean): void {
    if (!this.adaptive) return;
    const verdict = this.probe.record(ticket.epoch, rateLimited);
    if (verdict.kind === 'steady') return;
    // Starts still spaced: one request at a time is still too many.
    if (verdict.kind === 'raise' && this.spacingMs > 0) return;
    if (verdict.kind === 'load') this.loadLimited = true;
    this.limit = Math.min(this.maxConcurrency, verdict.limit);
    if (verdict.kind === 'noise' || this.limit >= this.maxConcurrency) this.loadLimited = false;
    this.dispatch();
  }

  /** A rate limit that one request at a time still overruns: everyone waits, and starts are spaced. */
  private holdEveryone(retryAfterMs: number | undefined): void {
    const now = Date.now();
    if (retryAfterMs !== undefined && retryAfterMs > 0) {
      this.pausedUntil = Math.max(this.pausedUntil, now + retryAfterMs);
    } else {
      this.bareRateLimits += 1;
      const cooldown = Math.min(this.maxSpacingMs, this.cooldownMs * 2 ** (this.bareRateLimits - 1));
      this.pausedUntil = Math.max(this.pausedUntil, now + cooldown);
    }
    this.spacingMs = Math.min(this.maxSpacingMs, this.spacingMs + this.minSpacingMs);
  }

  private async acquire(signal?: AbortSignal): Promise<PoolTicket> {
    for (;;) {
      signal?.throwIfAborted();
      const pause = this.pausedUntil - Date.now();
      if (pause > 0) {
        await sleep(pause, signal);
        continue;
      }
      const gate = this.outage.admit();
      if (gate.kind === 'wait') {
        await this.waitForWake(signal, gate.ms);
        continue;
      }
      if (this.active < this.limit || gate.kind === 'probe') {
        this.active += 1;
        try {
          await this.keepSpacing(signal);
        } catch (error) {
          if (gate.kind === 'probe') this.outage.probeEnded(false);
          this.release();
          throw error;
        }
        return { epoch: this.probe.currentEpoch, probe: gate.kind === 'probe', settled: false };
      }
      await this.waitForWake(signal);
    }
  }

  /** Waits until a place may be free (or `ms` has passed). */
  private waitForWake(signal: AbortSignal | undefined, ms?: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        const at = this.waiting.indexOf(wake);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(signal?.reason as Error);
      };
      this.waiting.push(wake);
      if (ms !== undefined) {
        timer = setTimeout(
          () => {
            const at = this.waiting.indexOf(wake);
            if (at !== -1) this.waiting.splice(at, 1);
            wake();
          },
          Math.max(0, ms),
        );
      }
      signal?.addEventListener('abort', onAbort, { once: true });
    });
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

  private wakeAll(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}
