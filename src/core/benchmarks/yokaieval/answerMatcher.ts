export interface MatchedAnswer {
  /** The one choice the response names, or null when it names none or several. */
  readonly choice: string | null;
  /** choice === gold; null when no single choice was found. */
  readonly verdict: boolean | null;
  /** Choices found in the response, a choice contained in another found choice left out. */
  readonly found: readonly string[];
}

/**
 * A simple deterministic answer matcher, to set beside the LLM judge: the choices whose text occurs in the
 * response, dropping any found only as part of a longer found choice (so "鬼火" is not also read as "鬼");
 * exactly one left gives that choice, compared with the gold answer; none or several give null.
 */
export function matchAnswer(response: string, choices: readonly string[], gold: string): MatchedAnswer {
  const present = [...new Set(choices)].filter((c) => c !== '' && response.includes(c));
  const found = present.filter((c) => !present.some((other) => other !== c && other.includes(c)));
  const only = found.length === 1 ? (found[0] ?? null) : null;
  return { choice: only, verdict: only === null ? null : only === gold, found };
}
