import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSeed, seededRandom, shuffled } from '../../../src/core/stats/rng';

test('the same seed gives the same stream; different seeds differ', () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const c = seededRandom(43);
  const first = Array.from({ length: 5 }, () => a());
  assert.deepEqual(
    first,
    Array.from({ length: 5 }, () => b()),
  );
  assert.notDeepEqual(
    first,
    Array.from({ length: 5 }, () => c()),
  );
  assert.ok(first.every((x) => x >= 0 && x < 1));
});

test('draws are uniform enough: mean near 1/2 and every decile filled', () => {
  const random = seededRandom(7);
  const deciles = new Array<number>(10).fill(0);
  let sum = 0;
  const n = 100_000;
  for (let i = 0; i < n; i++) {
    const x = random();
    sum += x;
    deciles[Math.floor(x * 10)] = (deciles[Math.floor(x * 10)] ?? 0) + 1;
  }
  assert.ok(Math.abs(sum / n - 0.5) < 0.005);
  for (const count of deciles) assert.ok(Math.abs(count - n / 10) < 500, `decile count ${count}`);
});

test('shuffle is a seeded permutation', () => {
  const items = Array.from({ length: 50 }, (_, i) => String(i));
  const once = shuffled(items, seededRandom(1));
  assert.deepEqual(once, shuffled(items, seededRandom(1)));
  assert.notDeepEqual(once, items);
  assert.deepEqual([...once].sort(), [...items].sort());
  assert.ok(isSeed(0) && isSeed(2 ** 32 - 1) && !isSeed(-1) && !isSeed(1.5) && !isSeed(2 ** 32));
  assert.throws(() => seededRandom(-1), RangeError);
});
