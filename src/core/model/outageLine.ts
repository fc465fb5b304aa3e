import { type OutageEvent } from './outageGate';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** What the CLI prints, and the extension shows as its progress, when a server stops answering mid-run. */
export function outageLine(event: OutageEvent): string {
  switch (event.kind) {
    case 'waiting':
      return `the server stopped answering (connection refused): every request waits while one at a time probes for it, for up to ${seconds(event.patienceMs)} (--outage-patience)`;
    case 'back':
      return `the server is back after ${seconds(event.afterMs)}: going on`;
    case 'gave-up':
      return `the server has not answered for ${seconds(event.afterMs)}: giving it up, its requests now fail (redo them later with --retry-errors)`;
  }
}
