// Adjudications are human work: a writer killed with SIGKILL in the middle of a burst of decisions (long
// notes included, so kills land inside writes) loses no decision it had written; the log stays readable;
// a torn last line is moved aside by the next open (and reported) and never blocks the review panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../server';
import { AdjudicationWriter, readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { requireSharedFile } from '../../helpers/sharedData';
import { gpt4o, importedRun, startWriter } from './adjudicationWriters';

const SEED = 4242;
const KILLS = 10;

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test(
  `a writer SIGKILLed at ${KILLS} seeded moments of a burst loses no written decision; torn tails are moved aside and never block the panel`,
  { timeout: 120_000 },
  async (t) => {
    if (!requireSharedFile(t, gpt4o)) return;
    const runDir = await importedRun('adj-kill');
    const log = join(runDir, 'adjudications.jsonl');
    const random = mulberry32(SEED);
    // The panel: opened before the first decision, it follows the log the whole time.
    const panel = ReviewSession.open(runDir, 'Reviewer').session;
    const acked = new Set<string>();
    let torn = 0;

    for (let round = 0; round < KILLS; round++) {
      const writer = startWriter(runDir, `Writer ${round % 3}`, SEED + round, 0, 0.5);
      const wanted = 1 + Math.floor(random() * 12);
      const extraMs = Math.floor(random() * 8);
      const deadline = Date.now() + 30_000;
      while (writer.acks.length < wanted) {
        assert.ok(Date.now() < deadline, `round ${round}: the writer made no progress`);
        await pause(1);
      }
      if (extraMs > 0) await pause(extraMs);
      writer.kill();
      await writer.exited;
      for (const id of writer.acks) acked.add(id);

      // Every decision acknowledged before the kill is in the log; every complete line is a valid event.
      const contents = readAdjudicationLog(log);
      assert.deepEqual(contents.problems, [], `round ${round}: a complete line is not a valid event`);
      const logged = new Set(contents.events.map((e) => e.event.id));
      assert.deepEqual(
        [...acked].filter((id) => !logged.has(id)),
        [],
        `round ${round}: an acknowledged decision is missing`,
      );

      // The panel never throws on the log as the kill left it, torn or not.
      assert.doesNotThrow(() => ReviewSession.open(runDir, 'Reviewer'));
      const update = panel.readTail();
      assert.deepEqual(update.problems, []);

      if (contents.tornTail) {
        torn += 1;
        const tail = readFileSync(log).subarray(readFileSync(log).lastIndexOf(0x0a) + 1);
        const writerAfter = AdjudicationWriter.open(log);
        assert.ok(writerAfter.tornLineMovedTo !== undefined, 'the torn tail is reported');
        assert.deepEqual(readFileSync(writerAfter.tornLineMovedTo), tail, 'its bytes are kept aside');
        await writerAfter.close();
        assert.equal(readFileSync(log).at(-1), 0x0a, 'the log ends at its last complete line');
      }
    }
    const final = readAdjudicationLog(log);
    assert.deepEqual(final.problems, []);
    assert.equal(final.tornTail, false);
    assert.ok(final.events.length >= acked.size);
    assert.equal(new Set(final.events.map((e) => e.event.id)).size, final.events.length, 'no event appears twice');
    // The panel that followed the log through every kill shows what a fresh open shows.
    panel.readTail();
    const fresh = ReviewSession.open(runDir, 'Reviewer').session;
    assert.deepEqual(panel.header(), fresh.header());
    assert.deepEqual(panel.rows(), fresh.rows());
    assert.ok(panel.header().adjudicatedItems > 0);
    process.stderr.write(`adjudication kills: ${KILLS} kills, ${acked.size} acknowledged decisions kept, ${torn} torn tails moved aside\n`);
  },
);

test('a torn last line: the panel opens around it, the next writer moves it aside and says so, and a writer already open keeps its lines apart', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('adj-torn');
  const log = join(runDir, 'adjudications.jsonl');
  const { session } = ReviewSession.open(runDir, 'Aiko');
  const line = session.currentLine('0');
  assert.ok(line !== undefined);
  const event = (annotator: string, note: string): ReturnType<typeof newAdjudicationEvent> =>
    newAdjudicationEvent({ itemId: '0', annotator, role: 'annotator', state: { verdict: true, hallucination: null, note }, current: line });

  // The panel's writer is open; then another writer (the CLI, a second window) dies mid-line.
  const panelWriter = AdjudicationWriter.open(log);
  await panelWriter.append([event('Aiko', 'first')]);
  const dying = JSON.stringify(event('Ben', 'x'.repeat(10_000)));
  appendFileSync(log, dying.slice(0, 5_000));
  assert.doesNotThrow(() => ReviewSession.open(runDir, 'Aiko'));
  assert.equal(readAdjudicationLog(log).tornTail, true);

  // The panel's next decision is not swallowed by the torn bytes.
  const kept = event('Aiko', 'after the crash');
  await panelWriter.append([kept]);
  const contents = readAdjudicationLog(log);
  assert.ok(
    contents.events.some((e) => e.event.id === kept.id),
    'the decision written after the torn line is readable',
  );
  assert.equal(contents.problems.length, 1, 'the torn bytes are one bad line, reported');
  assert.deepEqual(
    session.readTail().changedRows.map((r) => r.id),
    ['0'],
  );
  await panelWriter.close();

  // A torn line left last: the next open moves it aside and reports where.
  appendFileSync(log, dying.slice(0, 700));
  const next = AdjudicationWriter.open(log);
  assert.ok(next.tornLineMovedTo?.startsWith(`${log}.torn-`));
  assert.equal(readFileSync(next.tornLineMovedTo ?? '', 'utf8'), dying.slice(0, 700));
  await next.append([event('Ben', 'again')]);
  await next.close();
  assert.equal(readAdjudicationLog(log).tornTail, false);
  assert.ok(existsSync(next.tornLineMovedTo ?? ''));
  assert.equal(readdirSync(runDir).filter((f) => f.includes('.torn-')).length, 1);
});
