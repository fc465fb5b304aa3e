// A token bucket: `ratePerSecond` tokens refill per second up to `burst`; a request takes one token.

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes a token: 0 when one was available, else the seconds until one will be. */
  take(): number {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.ratePerSecond);
    this.last = t;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return (1 - this.tokens) / this.ratePerSecond;
  }

  get params(): { ratePerSecond: number; burst: number } {
    return { ratePerSecond: this.ratePerSecond, burst: this.burst };
  }
}
