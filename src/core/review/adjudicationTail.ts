import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { type EventChecks, type LogProblem, type LoggedEvent, parseAdjudicationBytes } from '../adjudication/adjudicationLog';

export interface TailRead {
  /** The file shrank or was replaced (a torn tail moved aside, a git checkout): read it all again. */
  readonly reset: boolean;
  readonly events: LoggedEvent[];
  readonly problems: LogProblem[];
}

/**
 * Follows adjudications.jsonl as other writers (a second window, the CLI, a git pull) append to it: each
 * read returns only the complete lines added since the last one.
 */
export class AdjudicationTail {
  private offset = 0;
  private nextLine = 1;

  /** `checks`: the run's benchmark's hallucination categories and its scale (an event naming another category, or off the scale, is a problem). */
  constructor(
    private readonly path: string,
    private readonly checks: EventChecks = {},
  ) {}

  read(): TailRead {
    if (!existsSync(this.path)) return this.restart(0);
    const fd = openSync(this.path, 'r');
    try {
      const size = fstatSync(fd).size;
      if (size < this.offset) {
        this.offset = 0;
        this.nextLine = 1;
        return { ...this.readFrom(fd, size), reset: true };
      }
      return { ...this.readFrom(fd, size), reset: false };
    } finally {
      closeSync(fd);
    }
  }

  private restart(size: number): TailRead {
    const reset = this.offset > size;
    this.offset = 0;
    this.nextLine = 1;
    return { reset, events: [], problems: [] };
  }

  private readFrom(fd: number, size: number): Omit<TailRead, 'reset'> {
    if (size === this.offset) return { events: [], problems: [] };
    const bytes = Buffer.alloc(size - this.offset);
    readSync(fd, bytes, 0, bytes.length, this.offset);
    const lastNewline = bytes.lastIndexOf(0x0a);
    if (lastNewline === -1) return { events: [], problems: [] };
    const complete = bytes.subarray(0, lastNewline + 1);
    const parsed = parseAdjudicationBytes(complete, this.nextLine, this.path, this.checks, this.offset);
    this.offset += complete.length;
    this.nextLine += complete.toString('utf8').split('\n').length - 1;
    return { events: parsed.events, problems: parsed.problems };
  }
}
