import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { basisOf } from '../../../src/core/runs/decisionBasis';
import { type AdjudicationEvent } from '../../../src/core/adjudication/event';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { automaticScore } from '../../../src/core/runs/automaticSummary';
import { type ResultLine } from '../../../src/core/runs/resultLine';
import { seededRandom } from '../../../src/core/stats/rng';
import { sha256Hex } from '../../../src/core/util/hash';
import { type ScoreHeader } from '../../../src/core/protocol/review';
import { scratchDir } from '../../helpers/scratch';
import { syntheticManifest } from '../../helpers/syntheticRun';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';
import { hallucinationCategoryIds } from '../../../src/core/benchmarks/registryBasics';

const ITEMS = 40;
const START = Date.parse('2025-01-01T00:00:00.000Z');

/** Item i: verdict true, false or null, an error every seventh, no result every eleventh. */
function lineOf(i: number, response: string): ResultLine {
  const error = i % 7 === 6;
  return {
    itemId: String(i),
    itemHash: sha256Hex(`item ${i}`),
    time: new Date(START).toISOString(),
    inputs: {
      question: `question ${i}`,
      choices: ['a', 'b', 'c', 'd'],
      answer: 'a',
      region: '',
      type: 'test',
      ref: '',
      url: '',
      refs_detail: [],
    },
    prompt: null,
    response,
    judgeReply: error ? null : String(i % 3 === 0 ? null : i % 3 === 1),
    verdict: error || i % 3 === 0 ? null : i % 3 === 1,
    scores: {},
    usage: null,
    latencyMs: null,
    error: error ? { stage: 'judge', kind: 'server', message: '500' } : null,
  };
}

/** The header as a full recount over the run folder read afresh, through the summary's own code. */
function recounted(dir: string): ScoreHeader {
  const state = loadRunState(dir, RUN_REGISTRY);
  const adjudicated = state.adjudicatedScore();
  return {
    items: state.manifest.dataset.itemIds.length,
    automaticAccuracy: automaticScore(state.manifest, state.current).accuracy,
    adjudicatedAccuracy: adjudicated.accuracy,
    adjudicatedItems: adjudicated.items,
    reviewedItems: adjudicated.reviewed,
    conflicts: adjudicated.conflicts,
    stale: adjudicated.stale,
    flagged: adjudicated.flagged,
  };
}

test('the header kept current event by event equals a full recount after random events', async () => {
  const dir = join(scratchDir('incremental'), 'run');
  mkdirSync(dir, { recursive: true });
  const ids = Array.from({ length: ITEMS }, (_, i) => String(i));
  writeFileSync(join(dir, 'run.json'), JSON.stringify(syntheticManifest(ids, { id: 'incremental-header', finished: false })));
  const lines = ids.flatMap((_, i) => (i % 11 === 10 ? [] : [lineOf(i, `response ${i}`)]));
  writeFileSync(join(dir, 'results.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  writeFileSync(join(dir, 'adjudications.jsonl'), '');
  const log = join(dir, 'adjudications.jsonl');

  const random = seededRandom(7);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const { session } = ReviewSession.open(dir, 'ann');
  assert.deepEqual(session.header(), recounted(dir));

  let minute = 0;
  const eventFor = (): AdjudicationEvent => {
    // Items outside the run too, and results that are missing (no basis to match: stale).
    const itemId = random() < 0.05 ? 'not-an-item' : pick(ids);
    const line = session.currentLine(itemId) ?? lineOf(0, 'elsewhere');
    const stale = random() < 0.1;
    minute += random() < 0.2 ? -3 : 1; // sometimes older than the state it follows: it must not win
    const verdict = pick([true, false, null, undefined]);
    return {
      id: crypto.randomUUID(),
      itemId,
      annotator: pick(['ann', 'ben', 'cho', 'dee']),
      role: random() < 0.2 ? 'adjudicator' : 'annotator',
      time: new Date(START + minute * 60_000).toISOString(),
      ...(verdict !== undefined ? { verdict } : {}),
      hallucination: random() < 0.3 ? pick(hallucinationCategoryIds()) : null,
      note: '',
      basis: basisOf(stale ? { ...line, response: 'another response' } : line),
    };
  };

  for (let round = 0; round < 60; round++) {
    const batch = Array.from({ length: 1 + Math.floor(random() * 4) }, eventFor);
    await appendAdjudications(log, batch);
    session.readTail();
    assert.deepEqual(session.header(), recounted(dir), `after round ${round}`);

    if (round === 20) {
      // Retries appended new results with other responses and verdicts: decisions on them turn stale.
      const decided = ids.filter((id) => (session.adjudication(id)?.final ?? null) !== null).slice(0, 3);
      assert.ok(decided.length > 0);
      for (const id of decided) {
        const retried = {
          ...lineOf(Number(id), 'a retried response'),
          verdict: true,
          judgeReply: 'true',
          error: null,
          time: new Date(START + 1).toISOString(),
        };
        appendFileSync(join(dir, 'results.jsonl'), `${JSON.stringify(retried)}\n`);
      }
      session.reloadResults();
      session.readTail();
      assert.deepEqual(session.header(), recounted(dir), 'after a reload of the results');
    }
    if (round === 40) {
      // The log shrank (a git checkout): everything is read again.
      truncateSync(log, 0);
      session.readTail();
      assert.deepEqual(session.header(), recounted(dir), 'after the log was emptied');
    }
  }
  const final = session.header();
  assert.ok(
    final.adjudicatedItems > 0 && final.conflicts + final.stale + final.flagged > 0,
    'the events exercised decisions, conflicts, staleness and flags',
  );
});
