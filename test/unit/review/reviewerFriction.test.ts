// Issue 12's smaller review defects, in the host and the core: undo events say whether the state they bring
// back was blind, tabs name the benchmark and the run, the flag menu offers a benchmark's own categories,
// the first decision asks for a name when nothing gives one, and the method text speaks to the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { hallucinationCategoriesFor } from '../../../src/core/adjudication/event';
import { namedAnnotator } from '../../../src/core/adjudication/annotatorName';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { reviewTitle } from '../../../src/core/review/reviewTitle';
import { benchmarkIds, benchmarkBasicsOf, hallucinationCategoryIds } from '../../../src/core/benchmarks/registryBasics';
import { buildValidationReport } from '../../../src/core/reports/report';
import { openReviewPanel } from '../../helpers/reviewPanelHarness';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

async function importedRun(prefix: string): Promise<string> {
  const dir = join(scratchDir(prefix), 'yokaieval-official-gpt4o');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

const decision = (verdict: boolean | null) => ({ verdict, hallucination: null, note: '' });

test('undo events carry the blind flag of the state they bring back', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('undo-blind');
  const panel = await openReviewPanel(runDir);
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  await panel.send({ type: 'adjudicate', requestId: 1, itemId: '0', decision: decision(true), blind: true });
  await panel.send({ type: 'adjudicate', requestId: 2, itemId: '0', decision: decision(false), blind: false });
  await panel.send({ type: 'undo', requestId: 3 });
  await panel.send({ type: 'undo', requestId: 4 });
  const events = readAdjudicationLog(join(runDir, 'adjudications.jsonl')).events.map((l) => l.event);
  assert.deepEqual(
    events.map((e) => [e.verdict, e.blind]),
    [
      [true, true],
      [false, false],
      [true, true], // undo back to the blind decision: still blind
      [undefined, false], // undo back to nothing: no blind decision
    ],
  );
  assert.ok(
    events.every((e) => typeof e.blind === 'boolean'),
    'every event, undo included, says whether it was blind',
  );
});

test('a review tab names the benchmark and the run; two runs of one model differ', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('title');
  const panel = await openReviewPanel(runDir);
  t.after(() => panel.close());
  assert.equal(panel.title(), 'Review: YokaiEval · yokaieval-official-gpt4o');
  const a = reviewTitle({ benchmark: 'yokaieval', task: 'mc', runDir: '/runs/yokaieval-test-model-20261201T100000Z' });
  const b = reviewTitle({ benchmark: 'kalahi', task: 'open', runDir: '/runs/kalahi-test-model-20261201T100500Z' });
  assert.notEqual(a, b);
  assert.match(b, /^Review: Kalahi open-ended · kalahi-test-model-/);
});

test('the flag menu offers a benchmark its own categories, from the one list in core', async (t) => {
  const yokai = hallucinationCategoriesFor(benchmarkBasicsOf('yokaieval')).map((c) => c.id);
  const kalahi = hallucinationCategoriesFor(benchmarkBasicsOf('kalahi')).map((c) => c.id);
  assert.ok(!yokai.includes('wrong-filipino-practice') && !yokai.includes('code-switching-translation'), yokai.join(', '));
  assert.ok(kalahi.includes('wrong-filipino-practice'));
  const everyBenchmark = benchmarkIds().flatMap((id) => hallucinationCategoriesFor(benchmarkBasicsOf(id)).map((c) => c.id));
  assert.deepEqual(new Set(everyBenchmark), new Set(hallucinationCategoryIds()), 'every category applies somewhere');
  if (!requireSharedFile(t, gpt4o)) return;
  const panel = await openReviewPanel(await importedRun('categories'));
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  assert.deepEqual(
    panel.last('init')?.categories.map((c) => c.id),
    yokai,
  );
});

test('the first decision asks for a name when nothing gives one, and records it under that name', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('annotator');
  let asked = 0;
  const panel = await openReviewPanel(runDir, {
    annotator: () => 'root',
    confirmAnnotator: () => {
      asked++;
      return Promise.resolve('Aiko Tanaka');
    },
  });
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  assert.equal(panel.last('init')?.annotator, 'root');
  await panel.send({ type: 'adjudicate', requestId: 1, itemId: '0', decision: decision(true) });
  await panel.send({ type: 'adjudicate', requestId: 2, itemId: '1', decision: decision(false) });
  assert.equal(asked, 1, 'asked once');
  assert.equal(panel.last('init')?.annotator, 'Aiko Tanaka', 'the panel shows the new name');
  const events = readAdjudicationLog(join(runDir, 'adjudications.jsonl')).events.map((l) => l.event);
  assert.deepEqual(
    events.map((e) => e.annotator),
    ['Aiko Tanaka', 'Aiko Tanaka'],
  );
});

test('a declined name records nothing and says why', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const runDir = await importedRun('annotator-declined');
  const panel = await openReviewPanel(runDir, { annotator: () => 'root', confirmAnnotator: () => Promise.resolve(null) });
  t.after(() => panel.close());
  await panel.send({ type: 'ready' });
  await panel.send({ type: 'adjudicate', requestId: 1, itemId: '0', decision: decision(true) });
  assert.match(panel.last('error')?.message ?? '', /No annotator name/);
  assert.equal(readAdjudicationLog(join(runDir, 'adjudications.jsonl')).events.length, 0);
});

test('no name from the environment or git: namedAnnotator gives none (the extension then asks)', () => {
  const home = scratchDir('no-git-name');
  const cwd = join(home, 'work');
  mkdirSync(cwd);
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(home, 'none'),
    EVAL_ADJUDICATOR_ANNOTATOR: '',
  };
  assert.equal(namedAnnotator(env, cwd), undefined);
  assert.equal(namedAnnotator({ ...env, EVAL_ADJUDICATOR_ANNOTATOR: 'Ben' }, cwd), 'Ben');
});

test('the statistics method text speaks to the user, not of the project’s design document', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const methods = buildValidationReport(await importedRun('methods')).methods;
  assert.ok(methods.length > 0);
  for (const note of methods) assert.doesNotMatch(note.text, /DESIGN/, note.topic);
});
