// A writer of decisions for the crash and concurrency tests: appends events to a run's
// adjudications.jsonl through AdjudicationWriter (what the review panel and the CLI use), as fast as it
// can, and acknowledges each on stdout ("ack <id>") once append() has resolved (the event is on disk).
//   node --import tsx adjudicationWriter.child.ts RUNDIR ANNOTATOR SEED COUNT(0: until killed) LONG_NOTE_SHARE [GO_FILE]
// With GO_FILE it says "ready" once its writer is open and starts only when that file exists, so that
// several writers start together.
import { existsSync } from 'node:fs';
import { AdjudicationWriter } from '../../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { mulberry32 } from '../../server/rng';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

/** The longest note an event may hold is 100 000 characters; in Japanese that is a 300 KB line. */
const LONGEST_NOTE = 100_000;

async function main(): Promise<void> {
  const [runDir = '', annotator = '', seedText = '1', countText = '0', longShareText = '0.3', goFile] = process.argv.slice(2);
  const random = mulberry32(Number(seedText));
  const count = Number(countText);
  const longShare = Number(longShareText);
  const state = loadRunState(runDir, RUN_REGISTRY);
  const writer = AdjudicationWriter.open(state.paths.adjudications);
  if (writer.tornLineMovedTo !== undefined) process.stdout.write(`torn ${writer.tornLineMovedTo}\n`);
  const ids = state.manifest.dataset.itemIds.filter((id) => state.current.has(id));
  if (goFile !== undefined) {
    process.stdout.write('ready\n');
    while (!existsSync(goFile)) await new Promise((r) => setTimeout(r, 1));
  }
  for (let i = 0; count === 0 || i < count; i++) {
    const itemId = ids[Math.floor(random() * ids.length)] ?? '0';
    const current = state.current.get(itemId);
    if (current === undefined) continue;
    const long = random() < longShare;
    const length = long ? 4096 + Math.floor(random() * (LONGEST_NOTE - 4096)) : Math.floor(random() * 80);
    const note = `${annotator} #${i}: ${'妖怪の伝承'.repeat(Math.ceil(length / 5))}`.slice(0, LONGEST_NOTE);
    const verdict = random() < 0.5;
    const event = newAdjudicationEvent({ itemId, annotator, role: 'annotator', state: { verdict, hallucination: null, note }, current });
    await writer.append([event]);
    process.stdout.write(`ack ${event.id}\n`);
  }
  await writer.close();
}

void main();
