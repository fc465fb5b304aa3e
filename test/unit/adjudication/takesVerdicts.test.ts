// Issue 29, item 6: a flag or a note alone reviews an item only where items take no verdict, as the run's
// benchmark says (Kalahi MC); the run state (summary, Runs view, Statistics) counts by that rule.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { RUN_REGISTRY, takesVerdicts } from '../../../src/core/benchmarks/runRegistry';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, syntheticManifest, writeSyntheticRun } from '../../helpers/syntheticRun';

test('the benchmark says whether its items take verdicts: YokaiEval and Kalahi open-ended do, Kalahi MC does not', () => {
  const yokai = syntheticManifest(['0']);
  assert.equal(takesVerdicts(yokai), true);
  assert.equal(takesVerdicts({ ...yokai, benchmark: 'kalahi', task: 'open' }), true);
  assert.equal(takesVerdicts({ ...yokai, benchmark: 'kalahi', task: 'both' }), true);
  assert.equal(takesVerdicts({ ...yokai, benchmark: 'kalahi', task: 'mc' }), false);
});

test('the run state counts a flag-only item as reviewed only when the items take no verdict', async () => {
  const run = writeSyntheticRun(join(scratchDir('takes-verdicts'), 'run'), 6);
  await appendAdjudications(run.adjudications, [
    eventOn(run, { itemId: '0', annotator: 'ann', minute: 1, flag: 'other' }),
    eventOn(run, { itemId: '1', annotator: 'ann', minute: 1, note: 'odd wording' }),
    eventOn(run, { itemId: '2', annotator: 'ann', minute: 1, verdict: false }),
  ]);
  const verdicts = loadRunState(run.dir, { ...RUN_REGISTRY, takesVerdicts: () => true });
  assert.deepEqual(
    [verdicts.adjudicatedScore().reviewed, verdicts.adjudication('0')?.reviewed, verdicts.adjudication('2')?.reviewed],
    [1, false, true],
  );
  const flagsOnly = loadRunState(run.dir, { ...RUN_REGISTRY, takesVerdicts: () => false });
  assert.deepEqual(
    [flagsOnly.adjudicatedScore().reviewed, flagsOnly.adjudication('0')?.reviewed, flagsOnly.adjudication('1')?.reviewed],
    [3, true, true],
  );
});
