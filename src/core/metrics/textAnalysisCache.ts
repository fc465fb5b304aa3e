/**
 * Memoizes a per-text analysis (tokens, n-gram counts). Scoring one answer against many references, or many
 * answers against the same references, analyses each text once. Bounded: the oldest entry goes first.
 */
export function memoizeText<T>(analyse: (text: string) => T, capacity = 64): (text: string) => T {
  const cache = new Map<string, T>();
  return (text: string): T => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const value = analyse(text);
    if (cache.size >= capacity) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(text, value);
    return value;
  };
}
