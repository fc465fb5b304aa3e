import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AutomaticOutcome } from '../../../src/core/adjudication/adjudicatedScore';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { seededRandom } from '../../../src/core/stats/rng';
import { estimateAccuracy } from '../../../src/core/judgeValidation/estimate';
import { type ItemRecord, itemRecords } from '../../../src/core/judgeValidation/itemRecords';
import { drawSample } from '../../../src/core/judgeValidation/sample';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { record } from './records';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

interface Scenario {
  readonly items: number;
  readonly sampled: number;
  /** The model's true accuracy: each item is answered correctly with this probability. */
  readonly accuracy: number;
  /** The judge says null with this probability, else is right with judgeRight. */
  readonly nullRate: number;
  readonly judgeRight: number;
}

/**
 * One synthetic run and its validation: items answered right with a known probability, a judge right with a
 * known probability, a stratified sample drawn exactly as `eval-adjudicator sample` draws it, humans who give
 * the truth on the sampled items, and the estimate summary gives for the superpopulation target. Returns
 * whether the 95% interval covers the model's true accuracy (the probability, not the share on these items).
 */
function covers(s: Scenario, random: () => number, seed: number): boolean {
  const truth = new Map<string, boolean>();
  const outcomes = new Map<string, AutomaticOutcome>();
  const ids: string[] = [];
  for (let i = 0; i < s.items; i++) {
    const id = String(i);
    const correct = random() < s.accuracy;
    ids.push(id);
    truth.set(id, correct);
    outcomes.set(id, random() < s.nullRate ? 'null' : random() < s.judgeRight === correct ? 'true' : 'false');
  }
  const sample = drawSample({ itemIds: ids, outcomeOf: (id) => outcomes.get(id) ?? 'missing', n: s.sampled, seed });
  const reviewed = new Set(sample.itemIds);
  const records: ItemRecord[] = ids.map((id) =>
    record(id, outcomes.get(id) ?? 'missing', reviewed.has(id) ? { human: truth.get(id) === true ? 'true' : 'false' } : {}),
  );
  const estimate = estimateAccuracy(records, sample, { target: 'superpopulation' });
  assert.equal(estimate.method, 'stratified-ppi');
  assert.ok(estimate.ci !== null);
  return estimate.ci[0] <= s.accuracy && s.accuracy <= estimate.ci[1];
}

function coverage(s: Scenario, repetitions: number, seed: number): number {
  const random = seededRandom(seed);
  let hits = 0;
  for (let r = 0; r < repetitions; r++) if (covers(s, random, seed + r + 1)) hits += 1;
  return hits / repetitions;
}

test('superpopulation target: the interval covers the model’s accuracy over questions in 93–97% of 1000 seeded runs', () => {
  // YokaiEval-sized: 810 items, a researcher reviews 100; the model is right 62% of the time, the judge says
  // null 6% of the time and is otherwise right 85% of the time; a new run of questions each repetition.
  const measured = coverage({ items: 810, sampled: 100, accuracy: 0.62, nullRate: 0.06, judgeRight: 0.85 }, 1000, 20261129);
  assert.ok(measured >= 0.93 && measured <= 0.97, `coverage ${measured}`);
});

test('coverage holds near the boundary and with a small sample too', () => {
  // A strong model and judge (accuracy 0.9, judge right 95%), 100 reviewed.
  const high = coverage({ items: 810, sampled: 100, accuracy: 0.9, nullRate: 0.02, judgeRight: 0.95 }, 1000, 7);
  assert.ok(high >= 0.93 && high <= 0.97, `coverage ${high}`);
  // Kalahi-sized: 150 items, 40 reviewed, a weak metric (right 75%).
  const small = coverage({ items: 150, sampled: 40, accuracy: 0.5, nullRate: 0, judgeRight: 0.75 }, 1000, 11);
  assert.ok(small >= 0.93 && small <= 0.97, `coverage ${small}`);
});

/**
 * The official gpt4o run's own judge verdicts, a lenient judge's ground truth (judge true → truly correct 93%,
 * judge false → truly wrong 99%, judge null → correct half the time), `sample` as the CLI draws it, humans who
 * give the truth on the sampled items, and `summary`'s estimate for the accuracy on the run's 810 items. A
 * new ground truth every 10 samples. Returns the share of repetitions whose interval covers that accuracy.
 */
function gpt4oLenientCoverage(
  outcomes: ReadonlyMap<string, AutomaticOutcome>,
  n: number,
  repetitions: number,
  seed: number,
): { coverage: number; collapsed: number } {
  const random = seededRandom(seed);
  const ids = [...outcomes.keys()];
  const chance: Readonly<Record<string, number>> = { true: 0.93, false: 0.01, null: 0.5 };
  const truth = new Map<string, boolean>();
  let hits = 0;
  let collapsed = 0;
  for (let r = 0; r < repetitions; r++) {
    if (r % 10 === 0) for (const id of ids) truth.set(id, random() < (chance[outcomes.get(id) ?? 'missing'] ?? 0));
    const sample = drawSample({ itemIds: ids, outcomeOf: (id) => outcomes.get(id) ?? 'missing', n, seed: seed + r + 1 });
    const reviewed = new Set(sample.itemIds);
    const records = ids.map((id) =>
      record(id, outcomes.get(id) ?? 'missing', reviewed.has(id) ? { human: truth.get(id) === true ? 'true' : 'false' } : {}),
    );
    const estimate = estimateAccuracy(records, sample);
    assert.ok(estimate.ci !== null && estimate.target === 'run-items');
    const accuracy = ids.filter((id) => truth.get(id) === true).length / ids.length;
    if (estimate.ci[0] <= accuracy && accuracy <= estimate.ci[1]) hits += 1;
    if (estimate.ci[1] - estimate.ci[0] < 0.07) collapsed += 1;
  }
  return { coverage: hits / repetitions, collapsed };
}

test('official gpt4o run, lenient judge: coverage at least 93% at n = 30 and 93–97% at n = 80 (issue 17)', async (t) => {
  const official = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');
  if (!requireSharedFile(t, official)) return;
  const dir = join(mkdtempSync(join(tmpdir(), 'ea-coverage-')), 'gpt4o');
  await importOfficialYokaiEval(official, dir, { dataDir: sharedDataDir });
  const outcomes = new Map(itemRecords(loadRunState(dir, RUN_REGISTRY)).map((r) => [r.itemId, r.automatic]));
  const small = gpt4oLenientCoverage(outcomes, 30, 1000, 17_030);
  // Before: 0.835 at n = 30, the interval shrinking to the judge-only width ~0.066 whenever the sample agreed.
  assert.ok(small.coverage >= 0.93, `n = 30: coverage ${small.coverage}`);
  assert.equal(small.collapsed, 0, 'no interval narrower than 7 points at n = 30');
  const common = gpt4oLenientCoverage(outcomes, 80, 1000, 17_080);
  assert.ok(common.coverage >= 0.93 && common.coverage <= 0.97, `n = 80: coverage ${common.coverage}`);
  console.log(`gpt4o lenient: n = 30 coverage ${small.coverage}, n = 80 coverage ${common.coverage}`);
});
