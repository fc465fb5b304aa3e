import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seededRandom } from '../../../src/core/stats/rng';
import { type StratumCounts, stratifiedEstimate } from '../../../src/core/stats/stratifiedPpi';
import { allocateSample } from '../../../src/core/judgeValidation/allocation';

/**
 * A judge's error profile on a run shaped like one: the stratum sizes (the judge's verdicts, fixed) and, per
 * stratum, the chance that an item in it is truly correct.
 */
interface Profile {
  readonly name: string;
  readonly sizes: Readonly<Record<string, number>>;
  readonly trulyCorrect: Readonly<Record<string, number>>;
}

/** The official gpt4o run's judge verdicts: 518 true, 282 false, 10 null. */
const GPT4O = { true: 518, false: 282, null: 10 };

const PROFILES: readonly Profile[] = [
  { name: 'symmetric (judge right 90% both ways)', sizes: GPT4O, trulyCorrect: { true: 0.9, false: 0.1, null: 0.5 } },
  { name: 'lenient (judge true → true 93%, judge false → false 99%)', sizes: GPT4O, trulyCorrect: { true: 0.93, false: 0.01, null: 0.5 } },
  { name: 'strict (judge true → true 99%, judge false → false 93%)', sizes: GPT4O, trulyCorrect: { true: 0.99, false: 0.07, null: 0.5 } },
  { name: 'null-heavy (14% null)', sizes: { true: 470, false: 230, null: 110 }, trulyCorrect: { true: 0.92, false: 0.05, null: 0.6 } },
  { name: 'weak (judge right 75–80%)', sizes: GPT4O, trulyCorrect: { true: 0.8, false: 0.25, null: 0.5 } },
];
const SAMPLE_SIZES = [20, 30, 50, 80, 120, 200];
const REPETITIONS = 2000;
const TRUTH_EVERY = 10;

interface Cell {
  readonly coverage: number;
  readonly width: number;
  /** Every stratum holding 5% of the items or more is expected to show at least two judge errors in its sample. */
  readonly informative: boolean;
}

/**
 * Coverage of the 95% interval for the accuracy on the run's items. Each repetition draws a ground truth for
 * the fixed judge verdicts from the profile, then a stratified sample with the allocation `sample` uses (a
 * uniform draw without replacement within each stratum), and checks the interval against that truth's
 * accuracy over the N items.
 */
function simulate(profile: Profile, n: number, seed: number): Cell {
  const names = Object.keys(profile.sizes);
  const population = names.reduce((s, h) => s + (profile.sizes[h] ?? 0), 0);
  const allocation = allocateSample(new Map(names.map((h) => [h, profile.sizes[h] ?? 0])), n);
  const random = seededRandom(seed);
  let hits = 0;
  let width = 0;
  let truePositives = names.map(() => 0);
  for (let r = 0; r < REPETITIONS; r++) {
    // A new ground truth every TRUTH_EVERY repetitions: the sampling is what varies most, and drawing 810
    // truths for each sample would make the test slow for no gain.
    if (r % TRUTH_EVERY === 0) {
      truePositives = names.map((h) => {
        const p = profile.trulyCorrect[h] ?? 0;
        let positives = 0;
        for (let i = 0; i < (profile.sizes[h] ?? 0); i++) if (random() < p) positives += 1;
        return positives;
      });
    }
    const strata: StratumCounts[] = names.map((h, index) => {
      const size = profile.sizes[h] ?? 0;
      // Sequential sampling without replacement: the count of correct items among n_h drawn (hypergeometric).
      const labeled = allocation.get(h) ?? 0;
      let left = size;
      let remaining = truePositives[index] ?? 0;
      let seen = 0;
      for (let j = 0; j < labeled; j++, left--) {
        if (random() * left < remaining) {
          seen += 1;
          remaining -= 1;
        }
      }
      return { stratum: h, population: size, labeled, positives: seen };
    });
    const estimate = stratifiedEstimate(strata);
    assert.ok(estimate !== null);
    const truth = truePositives.reduce((sum, k) => sum + k, 0) / population;
    if (estimate.ci[0] <= truth && truth <= estimate.ci[1]) hits += 1;
    width += estimate.ci[1] - estimate.ci[0];
  }
  const informative = names.every((h) => {
    const size = profile.sizes[h] ?? 0;
    const p = profile.trulyCorrect[h] ?? 0;
    return size < 0.05 * population || (allocation.get(h) ?? 0) * Math.min(p, 1 - p) >= 2;
  });
  return { coverage: hits / REPETITIONS, width: width / REPETITIONS, informative };
}

test('grid: the interval covers the accuracy on the run’s items at 95% ± 2 points, never below 93%', () => {
  const rows: string[] = [];
  const failures: string[] = [];
  PROFILES.forEach((profile, p) => {
    for (const n of SAMPLE_SIZES) {
      const cell = simulate(profile, n, 20_261_201 + 1000 * p + n);
      rows.push(
        `${profile.name.padEnd(58)} n=${String(n).padStart(3)} coverage ${cell.coverage.toFixed(3)} width ${cell.width.toFixed(3)}${cell.informative ? '' : ' (few judge errors expected in the sample)'}`,
      );
      if (cell.coverage < 0.93) failures.push(`${profile.name} n=${n}: ${cell.coverage} < 0.93`);
      // Where a stratum's sample is expected to hold fewer than two judge errors, the sample cannot tell a
      // near-perfect judge from a 10%-wrong one, so any interval valid for both must over-cover the former;
      // from n = 120 on, the width a pure stratum keeps is small enough for the band to hold regardless.
      if ((cell.informative || n >= 120) && Math.abs(cell.coverage - 0.95) > 0.02)
        failures.push(`${profile.name} n=${n}: ${cell.coverage} outside 0.93–0.97`);
    }
  });
  console.log(rows.join('\n'));
  assert.deepEqual(failures, []);
});
