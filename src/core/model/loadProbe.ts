/**
 * Tells 429s that come from load (a rate limit the client's own concurrency overruns) from 429s a server
 * answers whatever the load (a shared gateway shedding a fraction of requests), from what the server does.
 *
 * It counts the outcomes (success or 429) of the requests sent at the current limit. When the share of
 * 429s in a window is clearly above the share seen so far at no load, it tries a lower limit and counts
 * again: if the share falls, the 429s rose with load and the lower limit stays; if it holds (and is not
 * most of the requests), they are noise: the limit goes back and that share becomes the expected one.
 */
export type LoadVerdict =
  /** Nothing to do (window not full, or 429s at their usual share at the most concurrency). */
  | { readonly kind: 'steady' }
  /** 429s at their usual share below the most concurrency: one more request at a time. */
  | { readonly kind: 'raise'; readonly limit: number }
  /** Try this lower limit and compare. */
  | { readonly kind: 'probe'; readonly limit: number }
  /** The 429s came with load: keep this limit. */
  | { readonly kind: 'load'; readonly limit: number }
  /** The 429s do not depend on the load: go back to this limit. */
  | { readonly kind: 'noise'; readonly limit: number };

interface Window {
  readonly limit: number;
  outcomes: number;
  rateLimited: number;
}

/** 429s in most requests are a server overrun, whatever lowering the limit showed. */
const NOISE_AT_MOST = 0.5;
/** Standard errors of the difference of two shares that a window's luck can explain. */
const Z = 2.5;
const LEAST_MARGIN = 0.05;
/** How far one ordinary window moves the expected share of 429s. */
const NOISE_SMOOTHING = 0.25;

export class LoadProbe {
  private window: Window;
  /** The window before a probe: its limit and share of 429s. */
  private before: { readonly limit: number; readonly share: number; readonly outcomes: number } | undefined;
  /** The share of 429s the server answers whatever the load (0 until some turned out to be noise). */
  private noiseShare = 0;
  private epoch = 0;

  constructor(private readonly maxLimit: number) {
    this.window = { limit: maxLimit, outcomes: 0, rateLimited: 0 };
  }

  /** Which window a request sent now belongs to: outcomes of requests sent under an older limit are not counted. */
  get currentEpoch(): number {
    return this.epoch;
  }

  get expectedNoiseShare(): number {
    return this.noiseShare;
  }

  record(epoch: number, rateLimited: boolean): LoadVerdict {
    if (epoch !== this.epoch) return { kind: 'steady' };
    const w = this.window;
    w.outcomes += 1;
    if (rateLimited) w.rateLimited += 1;
    if (w.outcomes < windowSize(w.limit)) return { kind: 'steady' };
    const share = w.rateLimited / w.outcomes;
    const verdict = this.judge(share, w);
    this.epoch += 1;
    const nextLimit = verdict.kind === 'steady' ? w.limit : verdict.limit;
    this.before = verdict.kind === 'probe' ? { limit: w.limit, share, outcomes: w.outcomes } : undefined;
    this.window = { limit: nextLimit, outcomes: 0, rateLimited: 0 };
    return verdict;
  }

  private judge(share: number, w: Window): LoadVerdict {
    const before = this.before;
    if (before !== undefined) {
      const similar = Math.abs(share - before.share) <= margin(share, w.outcomes, before.share, before.outcomes);
      if (similar && share <= NOISE_AT_MOST) {
        this.noiseShare = (share * w.outcomes + before.share * before.outcomes) / (w.outcomes + before.outcomes);
        return { kind: 'noise', limit: before.limit };
      }
      // It fell with the load, or rose although the load fell (a bucket's burst ran out): a rate limit.
      if (!this.aboveNoise(share, w.outcomes) || w.limit <= 1)
        return { kind: 'load', limit: Math.max(w.limit, Math.floor(before.limit * (1 - before.share))) };
      return { kind: 'probe', limit: lowerLimit(w.limit, share) };
    }
    if (!this.aboveNoise(share, w.outcomes)) this.noiseShare += NOISE_SMOOTHING * (share - this.noiseShare);
    if (!this.aboveNoise(share, w.outcomes)) return w.limit < this.maxLimit ? { kind: 'raise', limit: w.limit + 1 } : { kind: 'steady' };
    if (w.limit <= 1) return { kind: 'steady' };
    return { kind: 'probe', limit: lowerLimit(w.limit, share) };
  }

  private aboveNoise(share: number, outcomes: number): boolean {
    // Against the expected share as known (not itself a window's luck): one window's standard error.
    const p = this.noiseShare;
    return share - p > Math.max(LEAST_MARGIN, Z * Math.sqrt((p * (1 - p)) / outcomes));
  }
}

/** Outcomes per window: enough for the share of 429s to mean something, about two rounds of the limit. */
export function windowSize(limit: number): number {
  return Math.max(32, 2 * limit);
}

/**
 * The probe's limit: at most half, and as low as the share of successes says the server sustains (a
 * limit L with a share s of 429s gets about L x (1 - s) answered), so a rate limit shows at once.
 */
function lowerLimit(limit: number, share: number): number {
  return Math.max(1, Math.min(Math.floor(limit / 2), Math.round(limit * (1 - share))));
}

function margin(a: number, n: number, b: number, m: number): number {
  const pooled = (a * n + b * m) / (n + m);
  return Math.max(LEAST_MARGIN, Z * Math.sqrt(pooled * (1 - pooled) * (1 / n + 1 / m)));
}
