import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allocateSample } from '../../../src/core/judgeValidation/allocation';
import { SAMPLES_FILE, appendSample, currentSample, drawSample, readSamples } from '../../../src/core/judgeValidation/sample';
import { scratchDir } from '../../helpers/scratch';

test('allocation: proportional by largest remainder, at least two per stratum, never beyond a stratum', () => {
  // 100·500/810 = 61.7, 100·250/810 = 30.9, 100·60/810 = 7.4: floors 61, 30, 7, the two left to the largest remainders.
  assert.deepEqual(
    Object.fromEntries(
      allocateSample(
        new Map([
          ['true', 500],
          ['false', 250],
          ['null', 60],
        ]),
        100,
      ),
    ),
    { true: 62, false: 31, null: 7 },
  );
  assert.deepEqual(
    Object.fromEntries(
      allocateSample(
        new Map([
          ['true', 800],
          ['false', 9],
          ['null', 1],
        ]),
        20,
      ),
    ),
    { true: 17, false: 2, null: 1 },
  );
  assert.deepEqual(
    Object.fromEntries(
      allocateSample(
        new Map([
          ['true', 3],
          ['false', 2],
        ]),
        10,
      ),
    ),
    { true: 3, false: 2 },
  );
  assert.deepEqual(
    Object.fromEntries(
      allocateSample(
        new Map([
          ['true', 30],
          ['false', 0],
          ['null', 10],
        ]),
        4,
      ),
    ),
    { true: 2, null: 2 },
  );
});

test('a sample is reproducible from its seed, stratified by automatic verdict, never holding missing items', () => {
  const ids = Array.from({ length: 100 }, (_, i) => String(i));
  const outcome = (id: string) =>
    (Number(id) === 99 ? 'missing' : Number(id) % 10 === 0 ? 'null' : Number(id) % 3 === 0 ? 'false' : 'true') as
      'true' | 'false' | 'null' | 'missing';
  const now = new Date('2026-11-29T12:00:00.000Z');
  const a = drawSample({ itemIds: ids, outcomeOf: outcome, n: 20, seed: 5, now });
  const b = drawSample({ itemIds: ids, outcomeOf: outcome, n: 20, seed: 5, now });
  assert.deepEqual(a, b);
  assert.notDeepEqual(drawSample({ itemIds: ids, outcomeOf: outcome, n: 20, seed: 6, now }).itemIds, a.itemIds);
  assert.equal(a.itemIds.length, 20);
  assert.equal(a.missing, 1);
  assert.ok(!a.itemIds.includes('99'));
  for (const [stratum, s] of Object.entries(a.strata)) {
    assert.ok(
      s.itemIds.every((id) => outcome(id) === stratum),
      stratum,
    );
    assert.equal(s.population, ids.filter((id) => outcome(id) === stratum).length);
  }
  assert.deepEqual(new Set(a.itemIds), new Set(Object.values(a.strata).flatMap((s) => s.itemIds)));
});

test('samples.jsonl is append-only; the last line is the current sample; a bad line names file, line and field', async () => {
  const dir = scratchDir('samples');
  assert.equal(currentSample(dir), undefined);
  const ids = ['0', '1', '2', '3'];
  const first = drawSample({ itemIds: ids, outcomeOf: () => 'true', n: 2, seed: 1 });
  const second = drawSample({ itemIds: ids, outcomeOf: () => 'true', n: 3, seed: 2 });
  await appendSample(dir, first);
  await appendSample(dir, second);
  assert.equal(readSamples(dir).length, 2);
  assert.deepEqual(currentSample(dir), second);
  writeFileSync(join(dir, SAMPLES_FILE), '{"formatVersion":1,"seed":-4}\n', { flag: 'a' });
  assert.throws(() => readSamples(dir), /samples\.jsonl, line 3, field "/);
});
