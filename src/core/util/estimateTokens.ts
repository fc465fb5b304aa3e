/**
 * A rough token count for a dry run, with no tokenizer at hand: about four ASCII characters, or one other
 * character (Japanese, accented Filipino), per token.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 128) ascii += 1;
    else other += 1;
  }
  return Math.ceil(ascii / 4 + other);
}
