// The review header of a run imported from an evaluation log names the log's own score as the verdict, in the
// words its benchmark folder gives (src/core/logFormats/foreignBenchmark.ts); Kalahi keeps its metric's wording.
// The promptfoo log is imported by its real importer and opened by the real ReviewSession, as the panel does.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import { benchmarkOf } from '../../src/core/benchmarks/registry';
import { openingMessages } from '../../src/core/review/openingMessages';
import { ReviewSession } from '../../src/core/review/reviewSession';
import { scratchDir } from '../helpers/scratch';
import { KALAHI_RUN, header, init, kalahiRows } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

const PROMPTFOO_RESULTS = join(__dirname, '..', 'fixtures', 'foreign-logs', 'promptfoo', 'results.json');

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

test("an imported promptfoo run's header says the verdict is the log's score, not a metric's acc", async () => {
  const importer = benchmarkOf('promptfoo').importers?.[0];
  assert.ok(importer !== undefined);
  const outcome = await importer.run(PROMPTFOO_RESULTS, join(scratchDir('imported-header'), 'run'), { sources: {} });
  const { session, problems } = ReviewSession.open(outcome.paths.dir, 'Ann');
  assert.deepEqual(problems, []);
  const opening = openingMessages(session, { selectedItemId: null, role: 'annotator', categories: [], blind: false, canUndo: false });
  const score = opening.init.run.primaryMetric ?? '';
  assert.notEqual(score, '', 'the import names the score that gives the verdict');
  m = await mount();
  m.deliver(opening.init);
  await m.settle();
  const meta = textOf(m.$('.run-judge'));
  assert.equal(meta, `verdict: the log's ${score} score`);
  assert.doesNotMatch(meta, /scored by|its acc|judge/);
});

test('a Kalahi run keeps its wording: scored by its primary metric, whose acc is the verdict', async () => {
  m = await mount();
  m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(3), header: header({ items: 3 }) }));
  await m.settle();
  assert.equal(textOf(m.$('.run-judge')), 'scored by chrF (its acc is the automatic verdict)');
});
