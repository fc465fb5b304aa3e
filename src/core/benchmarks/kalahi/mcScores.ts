/**
 * 'paper': MC2 = sum over relevant of exp(score) / sum over all of exp(score).
 * 'official-mc2': the official code's double exponentiation, exp(exp(score)) in place of exp(score),
 * which puts every model's MC2 near 0.50; offered only to reproduce its numbers.
 */
export const MC2_MODES = ['paper', 'official-mc2'] as const;
export type Mc2Mode = (typeof MC2_MODES)[number];

/** A reference's score: the sum of its tokens' log-probs divided by its UTF-8 byte length. */
export function referenceScore(logprobSum: number, reference: string): number {
  return logprobSum / Buffer.byteLength(reference, 'utf8');
}

/** 1 when the best answer's score is strictly greater than every irrelevant one's (a tie is 0). */
export function mc1(relevant: readonly number[], irrelevant: readonly number[], bestIndex: number): 0 | 1 {
  const best = relevant[bestIndex];
  if (best === undefined) throw new Error(`best answer index ${bestIndex} is outside the ${relevant.length} relevant scores`);
  return irrelevant.every((score) => best > score) ? 1 : 0;
}

export function mc2(relevant: readonly number[], irrelevant: readonly number[], mode: Mc2Mode): number {
  if (mode === 'official-mc2') {
    const twice = (score: number): number => Math.exp(Math.exp(score));
    const rel = sum(relevant.map(twice));
    return rel / (rel + sum(irrelevant.map(twice)));
  }
  // Shifted by the largest score so that no exp underflows to 0 for long, unlikely references.
  const top = Math.max(...relevant, ...irrelevant);
  const rel = sum(relevant.map((s) => Math.exp(s - top)));
  return rel / (rel + sum(irrelevant.map((s) => Math.exp(s - top))));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
