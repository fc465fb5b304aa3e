// Deterministic hashing and pseudo-randomness shared by the test server's scripts, faults and logprobs.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `text`, continuing from `state` (unsigned 32-bit result). */
export function fnv1a32(text: string, state: number = FNV_OFFSET): number {
  let h = state >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** The FNV-1a state before any input, for incremental hashing with fnv1a32(text, state). */
export const FNV1A32_INITIAL = FNV_OFFSET;

/** mulberry32: a tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A float in [0, 1) determined by a seed and any number of string parts. */
export function unitFrom(seed: number, ...parts: string[]): number {
  return mulberry32(fnv1a32(parts.join('\u0000'), fnv1a32(String(seed))))();
}
