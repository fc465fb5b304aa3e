import { type OutageEvent } from '../../core/model/outageGate';
import { type ItemProgress } from '../../core/runs/itemRunner';

/** What a progress notification is told: its message, and how much further its bar goes (percent). */
export type ProgressReport = (message: string, increment?: number) => void;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** How long "the server is back" stays beside the item count once the items go on. */
const BACK_SHOWN_MS = 5000;

/** The extension's words for an outage: what the progress notification says while it lasts and after. */
export function outageNote(event: OutageEvent): string {
  switch (event.kind) {
    case 'waiting':
      return `waiting for the server: it stopped answering (connection refused); one request at a time checks for it, for up to ${seconds(event.patienceMs)}`;
    case 'back':
      return `the server is back after ${seconds(event.afterMs)}: going on`;
    case 'gave-up':
      return `the server has not answered for ${seconds(event.afterMs)}: given up, its items end as errors (Retry Errors redoes them)`;
  }
}

export interface RunProgress {
  items(progress: ItemProgress): void;
  outage(event: OutageEvent): void;
}

/**
 * The progress notification's message: items done (and errors), then what an outage is doing. While the
 * pool waits for the server no item ends, so the waiting note stays until it is back; "back" stays a few
 * seconds beside the count; "given up" stays to the end.
 */
export function runProgress(report: ProgressReport, now: () => number = Date.now): RunProgress {
  let reported = 0;
  let count = '';
  let note: { text: string; until: number } | undefined;
  const say = (increment?: number): void => {
    const shown = note !== undefined && now() <= note.until ? note.text : undefined;
    report([count, shown].filter((part) => part !== undefined && part !== '').join(' — '), increment);
  };
  return {
    items: (p) => {
      const percent = Math.floor((100 * p.done) / p.total);
      count = `${p.done}/${p.total} items${p.errors > 0 ? `, ${p.errors} error${p.errors === 1 ? '' : 's'}` : ''}`;
      say(percent - reported);
      reported = percent;
    },
    outage: (event) => {
      note = { text: outageNote(event), until: event.kind === 'back' ? now() + BACK_SHOWN_MS : Infinity };
      say();
    },
  };
}
