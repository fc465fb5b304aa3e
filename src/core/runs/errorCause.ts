import { type ItemError } from './resultLine';

/** The commonest failure among a run's errors, and how many of them it accounts for. */
export interface ErrorCause {
  /** `stage: message`, as results.jsonl records it (without the attempt count). */
  readonly text: string;
  readonly count: number;
  /** The items whose current result is an error. */
  readonly errors: number;
}

// "(after 1 attempt)" and "(after 6 attempts)" are the same failure for the user: they group as one.
const ATTEMPTS = / \(after \d+ attempts?\)$/;

/** The most common error of the items' current results (ties: the first met); undefined when none is an error. */
export function commonestError(current: Iterable<{ readonly error: ItemError | null }>): ErrorCause | undefined {
  const counts = new Map<string, number>();
  let errors = 0;
  for (const { error } of current) {
    if (error === null) continue;
    errors += 1;
    const text = `${error.stage}: ${error.message.replace(ATTEMPTS, '')}`;
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  let best: { text: string; count: number } | undefined;
  for (const [text, count] of counts) if (best === undefined || count > best.count) best = { text, count };
  return best === undefined ? undefined : { ...best, errors };
}
