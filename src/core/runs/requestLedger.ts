import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The run folder's file of requests sent by a session that has not yet put them into run.json. */
export const PENDING_REQUESTS_FILE = 'requests.pending';

/** Requests a session killed (or unable to write run.json) left uncounted; 0 when none. */
export function pendingRequests(dir: string): number {
  const path = join(dir, PENDING_REQUESTS_FILE);
  if (!existsSync(path)) return 0;
  const count = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
  return Number.isSafeInteger(count) && count > 0 ? count : 0;
}

/**
 * A session's request count kept in the run folder as it goes: one write in place per request (no fsync:
 * a killed process's writes stay in the page cache), so `usage.requests` in run.json, which is written at
 * a session's start and end only, still counts every request of a session killed in between: the next
 * session adds the file's count to run.json, then starts it again.
 */
export class RequestLedger {
  private constructor(
    private readonly path: string,
    private readonly fd: number,
  ) {}

  /** Starts the session's count at 0 (call once run.json holds what the file held before). */
  static start(dir: string): RequestLedger | undefined {
    const path = join(dir, PENDING_REQUESTS_FILE);
    try {
      const ledger = new RequestLedger(path, openSync(path, 'w'));
      ledger.record(0);
      return ledger;
    } catch {
      // A folder we cannot write to: run.json's own write will say so.
      return undefined;
    }
  }

  record(requests: number): void {
    // Fixed width, written at offset 0: a count is never seen half-replaced by a shorter one.
    writeSync(this.fd, `${String(requests).padStart(15, '0')}\n`, 0);
  }

  /** The session's count is in run.json now. */
  close(): void {
    closeSync(this.fd);
    rmSync(this.path, { force: true });
  }

  /** run.json could not take the count: the file keeps it for the next session. */
  keep(): void {
    closeSync(this.fd);
  }
}
