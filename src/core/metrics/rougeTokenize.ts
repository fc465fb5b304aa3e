// rouge-score's default tokenizer without stemmer: lowercase, every run of characters outside [a-z0-9]
// becomes a space, split. Equivalent to taking the [a-z0-9]+ runs of the lowercased text.
const TOKEN = /[a-z0-9]+/g;

export function rougeTokenize(text: string): string[] {
  // Python's str.lower() and JS's toLowerCase() both apply Unicode full case mapping ('İ' -> 'i̇').
  return text.toLowerCase().match(TOKEN) ?? [];
}
