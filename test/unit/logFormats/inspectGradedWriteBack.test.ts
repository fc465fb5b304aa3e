import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { INSPECT_FIXTURES, type Json } from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const PARTIAL = join(INSPECT_FIXTURES, 'graded-partial.eval');
const RATING = join(INSPECT_FIXTURES, 'graded-rating.eval');

async function importLog(file: string): Promise<string> {
  const result = await runCli(['import', 'inspect', file, '--out', scratchDir('inspect-graded-wb')]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

/** Appends a grade decision as the review writes one (an event on the item's current result). */
function decide(dir: string, itemId: string, grade: number, annotator = 'Ann'): void {
  const current = loadRunState(dir, RUN_REGISTRY).current.get(itemId);
  assert.ok(current, itemId);
  const event = newAdjudicationEvent({ itemId, annotator, role: 'adjudicator', state: { grade, hallucination: null, note: '' }, current });
  appendFileSync(join(dir, 'adjudications.jsonl'), `${JSON.stringify(event)}\n`);
}

async function writeBack(dir: string): Promise<{
  scores: Map<string, { value: unknown; history: { value: unknown; provenance: { author: string } | null }[] }>;
  header: Json;
}> {
  const out = join(scratchDir('inspect-graded-wb-out'), 'adjudicated.eval');
  const result = await runCli(['export', dir, '--format', 'inspect', '--out', out]);
  assert.equal(result.code, 0, result.stderr);
  const members = readZipEntries(readFileSync(out));
  const scores = new Map<string, { value: unknown; history: { value: unknown; provenance: { author: string } | null }[] }>();
  for (const [name, data] of members) {
    if (!name.startsWith('samples/')) continue;
    const sample = JSON.parse(data.toString('utf8').replace(/: NaN/g, ': null')) as {
      id: number;
      epoch: number;
      scores: Record<string, { value: unknown; history: [] }>;
    };
    const score = Object.values(sample.scores)[0];
    if (score !== undefined) scores.set(`${sample.id}#${sample.epoch}`, score);
  }
  return { scores, header: JSON.parse(members.get('header.json')?.toString('utf8') ?? '{}') as Json };
}

const metricOf = (header: Json, metric: string): number =>
  (header['results'] as { scores: { metrics: Record<string, { value: number }> }[] }).scores[0]?.metrics[metric]?.value ?? Number.NaN;

test("Inspect graded write-back: a C/P/I score's human grade is written back as the letter (0.5 P, 1 C, 0 I), the original first in its history; accuracy recomputed", async () => {
  const dir = await importLog(PARTIAL);
  decide(dir, '3#1', 0.5);
  decide(dir, '2#1', 1);
  decide(dir, '7#1', 0, 'Bo');
  const before = new Map<string, unknown>();
  for (const [name, data] of readZipEntries(readFileSync(PARTIAL))) {
    if (!name.startsWith('samples/')) continue;
    const sample = JSON.parse(data.toString('utf8')) as { id: number; epoch: number; scores: Record<string, { value: unknown }> };
    before.set(`${sample.id}#${sample.epoch}`, Object.values(sample.scores)[0]?.value);
  }
  const { scores, header } = await writeBack(dir);
  assert.deepEqual(
    ['3#1', '2#1', '7#1'].map((id) => scores.get(id)?.value),
    ['P', 'C', 'I'],
  );
  assert.deepEqual(
    ['3#1', '2#1', '7#1'].map((id) => scores.get(id)?.history.map((h) => h.value)),
    [
      ['I', 'P'],
      ['P', 'C'],
      ['N', 'I'],
    ],
  );
  assert.equal(scores.get('7#1')?.history[1]?.provenance?.author, 'Bo');
  assert.equal(scores.get('1#1')?.value, before.get('1#1'));
  const letters: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };
  const values = [...scores.values()].map((s) => letters[String(s.value)] ?? Number.NaN);
  assert.equal(metricOf(header, 'accuracy'), values.reduce((a, b) => a + b, 0) / values.length);
});

test('Inspect graded write-back: a 1-10 rating is written back as the number the annotator gave; the mean recomputed without the unscored sample', async () => {
  const dir = await importLog(RATING);
  decide(dir, '2#1', 7);
  const { scores, header } = await writeBack(dir);
  assert.equal(scores.get('2#1')?.value, 7);
  assert.deepEqual(
    scores.get('2#1')?.history.map((h) => h.value),
    [3, 7],
  );
  const numbers = [...scores.values()].map((s) => s.value).filter((v): v is number => typeof v === 'number');
  assert.equal(numbers.length, 9);
  assert.equal(metricOf(header, 'mean'), numbers.reduce((a, b) => a + b, 0) / numbers.length);
});
