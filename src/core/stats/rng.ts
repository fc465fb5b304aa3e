import { randomInt } from 'node:crypto';

/** A seed as recorded in files: a whole number in 0..2^32-1. */
export const MAX_SEED = 0xffff_ffff;

export function isSeed(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** A fresh seed for when the user gives none (it is recorded, so the draw can be repeated). */
export function freshSeed(): number {
  return randomInt(0, 2 ** 32 - 1);
}

/**
 * A seeded generator of floats in [0, 1): xoshiro128** (Blackman & Vigna) with its state filled by
 * splitmix32 from the seed, so nearby seeds give unrelated streams. Same seed, same sequence, everywhere.
 */
export function seededRandom(seed: number): () => number {
  if (!isSeed(seed)) throw new RangeError(`seed must be a whole number in 0..${MAX_SEED}, not ${seed}`);
  let sm = seed >>> 0;
  const splitmix = (): number => {
    sm = (sm + 0x9e3779b9) >>> 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  return () => {
    const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0;
    const t = (b << 9) >>> 0;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d >>> 0, 11);
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    return result / 4294967296;
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** A uniformly shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = out[i] as T;
    out[i] = out[j] as T;
    out[j] = a;
  }
  return out;
}
