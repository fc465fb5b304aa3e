/** What a run is told of a server that stopped answering: the pool waits for it, it is back, or it is given up. */
export type OutageEvent =
  | { readonly kind: 'waiting'; readonly patienceMs: number }
  | { readonly kind: 'back'; readonly afterMs: number }
  | { readonly kind: 'gave-up'; readonly afterMs: number };

/** What the gate lets a request do now. */
export type Admission = { readonly kind: 'go' } | { readonly kind: 'probe' } | { readonly kind: 'wait'; readonly ms: number };

const LONGEST_PROBE_INTERVAL_MS = 2000;

/**
 * A server that refuses connections (restarting, redeployed, briefly down) is not answering anyone: rather
 * than every request spending its attempts on it, the pool holds them all and lets one probe through at a
 * time, after a wait that doubles up to 2 s; the first answer lets everyone go again. Failures while the
 * server is away do not count as attempts, for up to `patienceMs`; after that requests go through and fail
 * at once (no retries), so a server that is gone for good ends the run with errors, promptly.
 */
export class OutageGate {
  private downSince: number | undefined;
  private probing = false;
  private nextProbeAt = 0;
  private intervalMs: number;
  private gaveUp = false;

  constructor(
    private readonly patienceMs: number,
    private readonly firstIntervalMs: number,
    private readonly onChange: () => void,
    private readonly onOutage?: (event: OutageEvent) => void,
  ) {
    this.intervalMs = firstIntervalMs;
  }

  get isDown(): boolean {
    return this.downSince !== undefined;
  }

  admit(now = Date.now()): Admission {
    if (this.downSince === undefined || now - this.downSince > this.patienceMs) return { kind: 'go' };
    if (this.probing) return { kind: 'wait', ms: LONGEST_PROBE_INTERVAL_MS };
    if (now < this.nextProbeAt) return { kind: 'wait', ms: this.nextProbeAt - now };
    this.probing = true;
    return { kind: 'probe' };
  }

  /** The server answered something: everyone may go. */
  reached(now = Date.now()): void {
    if (this.downSince === undefined) return;
    this.onOutage?.({ kind: 'back', afterMs: now - this.downSince });
    this.downSince = undefined;
    this.gaveUp = false;
    this.probing = false;
    this.intervalMs = this.firstIntervalMs;
    this.onChange();
  }

  /**
   * A connection was refused. 'forgiven' (not an attempt) while the outage is within the patience; past
   * it, 'gone': the server is not coming back soon, and the request should fail now rather than retry.
   */
  unreachable(probe: boolean, now = Date.now()): 'forgiven' | 'gone' {
    if (this.downSince === undefined) {
      this.downSince = now;
      this.intervalMs = this.firstIntervalMs;
      this.nextProbeAt = now + this.intervalMs;
      this.onOutage?.({ kind: 'waiting', patienceMs: this.patienceMs });
    } else if (probe) {
      this.probing = false;
      this.intervalMs = Math.min(LONGEST_PROBE_INTERVAL_MS, this.intervalMs * 2);
      this.nextProbeAt = now + this.intervalMs;
      this.onChange();
    }
    if (now - this.downSince <= this.patienceMs) return 'forgiven';
    if (!this.gaveUp) {
      this.gaveUp = true;
      this.onOutage?.({ kind: 'gave-up', afterMs: now - this.downSince });
    }
    return 'gone';
  }

  /** The probe ended without telling (cancelled, or an error that is not about reaching the server). */
  probeEnded(reachedServer: boolean): void {
    if (reachedServer) {
      this.reached();
      return;
    }
    if (!this.probing) return;
    this.probing = false;
    this.onChange();
  }
}
