// Each benchmark declares its own hallucination categories and error stages: the flag menu offers its
// words, and an event naming a category its benchmark does not declare is a skipped line (with its line
// number), never silently dropped and never counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { hallucinationCategoriesFor } from '../../../src/core/adjudication/event';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { readCurrentResults } from '../../../src/core/runs/runFolder';
import { type RunManifest } from '../../../src/core/runs/runManifest';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';
import { benchmarkBasicsOf } from '../../../src/core/benchmarks/registryBasics';

test("each benchmark's flag menu has its own words: no yokai on Filipino items", () => {
  const yokai = hallucinationCategoriesFor(benchmarkBasicsOf('yokaieval'));
  const kalahi = hallucinationCategoriesFor(benchmarkBasicsOf('kalahi'));
  assert.match(yokai.find((c) => c.id === 'invented-entity')?.label ?? '', /yokai/);
  assert.ok(
    kalahi.every((c) => !/yokai|yōkai|Japan/i.test(c.label)),
    kalahi.map((c) => c.label).join(' | '),
  );
  assert.match(kalahi.find((c) => c.id === 'invented-entity')?.label ?? '', /^Invented entity \(/);
  assert.deepEqual(
    kalahi.map((c) => c.id),
    [
      'invented-entity',
      'wrong-region-or-period',
      'cross-cultural-conflation',
      'wrong-filipino-practice',
      'code-switching-translation',
      'other',
    ],
    'numbered as the Kalahi guidelines number them',
  );
  assert.deepEqual(
    yokai.map((c) => c.id),
    ['invented-entity', 'wrong-region-or-period', 'cross-cultural-conflation', 'other'],
  );
});

test('an event naming a category its benchmark does not declare is a skipped line with its number; the others count', async () => {
  const run = writeSyntheticRun(join(scratchDir('categories'), 'run'), 6);
  await appendAdjudications(run.adjudications, [
    eventOn(run, { itemId: '1', annotator: 'ann', minute: 1, verdict: false, flag: 'invented-entity' }),
    eventOn(run, { itemId: '2', annotator: 'ann', minute: 2, verdict: false, flag: 'wrong-filipino-practice' }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.equal(state.problems.length, 1);
  assert.equal(state.problems[0]?.line, 2);
  assert.match(
    state.problems[0]?.message ?? '',
    /adjudications\.jsonl line 2, field "hallucination": "wrong-filipino-practice" is not a category of this run's benchmark \(invented-entity, /,
  );
  assert.equal(state.adjudicatedScore().flagged, 1);
  assert.equal(state.adjudication('2'), undefined, 'the skipped event is not counted');

  const { session, problems } = ReviewSession.open(run.dir, 'ann');
  assert.deepEqual(
    problems.map((p) => p.line),
    [2],
  );
  assert.equal(session.header().flagged, 1);
  assert.equal(session.row('2')?.mine, 'none');

  // Appended later (another window, the CLI): the tail reports it too.
  appendFileSync(
    run.adjudications,
    `${JSON.stringify(eventOn(run, { itemId: '4', annotator: 'ben', minute: 3, verdict: true, flag: 'code-switching-translation' }))}\n`,
  );
  const update = session.readTail();
  assert.deepEqual(
    update.problems.map((p) => p.line),
    [3],
  );
  assert.equal(session.row('4')?.reviewed, false);

  // The CLI's summary says so, and the CLI refuses to write such a flag.
  const summary = await runCli(['summary', run.dir, '--json']);
  assert.match(summary.stderr, /skipped .*line 2, field "hallucination"/);
  const refused = await runCli([
    'adjudicate',
    run.dir,
    '--item',
    '3',
    '--verdict',
    'true',
    '--flag',
    'wrong-filipino-practice',
    '--annotator',
    'ann',
  ]);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /--flag must be one of invented-entity, wrong-region-or-period, cross-cultural-conflation, other, none/);
});

test('the same event on a benchmark that declares the category counts (existing Kalahi logs stay readable)', async () => {
  const run = writeSyntheticRun(join(scratchDir('categories-kalahi'), 'run'), 3);
  const manifest = JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8')) as RunManifest;
  writeFileSync(join(run.dir, 'run.json'), JSON.stringify({ ...manifest, benchmark: 'kalahi', task: 'open' }));
  const kalahiLine = (id: string): string => {
    const line = run.lines.get(id);
    return JSON.stringify({
      ...line,
      inputs: { prompt_variation_id: `01${id}`, prompt: `prompt ${id}`, category: 'ethics', topic: 'family' },
    });
  };
  writeFileSync(join(run.dir, 'results.jsonl'), `${run.ids.map(kalahiLine).join('\n')}\n`);
  const kalahiRun = { ...run, lines: readCurrentResults(run.dir).byItem };
  await appendAdjudications(run.adjudications, [
    eventOn(kalahiRun, { itemId: '1', annotator: 'ann', minute: 1, verdict: false, flag: 'wrong-filipino-practice' }),
    eventOn(kalahiRun, { itemId: '2', annotator: 'ann', minute: 2, verdict: false, flag: 'wrong-region-or-period' }),
  ]);
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.deepEqual(state.problems, []);
  assert.deepEqual(state.adjudicatedScore().flaggedByCategory, { 'wrong-filipino-practice': 1, 'wrong-region-or-period': 1 });
});

test('an error naming a stage its benchmark does not have is an error naming the file, line and field', () => {
  const run = writeSyntheticRun(join(scratchDir('stages'), 'run'), 2);
  const lines = readFileSync(join(run.dir, 'results.jsonl'), 'utf8').split('\n');
  const second = JSON.parse(lines[1] ?? '{}') as Record<string, unknown>;
  lines[1] = JSON.stringify({ ...second, verdict: null, error: { stage: 'logprobs', kind: 'server', message: '500' } });
  writeFileSync(join(run.dir, 'results.jsonl'), lines.join('\n'));
  assert.throws(
    () => loadRunState(run.dir, RUN_REGISTRY),
    /results\.jsonl, line 2, field "error\.stage": "logprobs" is not a stage of yokaieval \(model, judge\)/,
  );
  lines[1] = JSON.stringify({ ...second, verdict: null, error: { stage: 'judge', kind: 'server', message: '500' } });
  writeFileSync(join(run.dir, 'results.jsonl'), lines.join('\n'));
  assert.equal(loadRunState(run.dir, RUN_REGISTRY).current.get('1')?.error?.stage, 'judge');
});
