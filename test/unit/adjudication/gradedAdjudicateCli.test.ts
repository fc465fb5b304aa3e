import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';
import { writeSyntheticGradedRun } from '../../helpers/syntheticGradedRun';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const env = { EVAL_ADJUDICATOR_ANNOTATOR: 'ana' };

test('adjudicate --criterion N --verdict LEVEL: a level by name (case aside) or value decides one criterion; the item event keeps flag and note', async () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-cli'), 'run'), 4);
  const ok = async (args: string[]): Promise<void> => {
    const result = await runCli(['adjudicate', run.dir, ...args], { env });
    assert.equal(result.code, 0, result.stderr);
  };
  await ok(['--item', '1', '--criterion', '2', '--verdict', 'class_majorly_met', '--note', 'mostly there']);
  await ok(['--item', '1', '--criterion', '2', '--verdict', '1']);
  await ok(['--item', '1', '--criterion', '3', '--verdict', 'null']);
  await ok(['--item', '1', '--verdict', 'none', '--flag', 'other', '--note', 'the whole answer']);
  const events = readAdjudicationLog(run.adjudications).events.map((l) => l.event);
  assert.deepEqual(
    events.map((e) => [e.criterion, e.grade, e.verdict, e.hallucination, e.note]),
    [
      ['2', 0.75, undefined, null, 'mostly there'],
      ['2', 1, undefined, null, 'mostly there'],
      ['3', null, undefined, null, ''],
      [undefined, undefined, undefined, 'other', 'the whole answer'],
    ],
  );
  const state = loadRunState(run.dir, RUN_REGISTRY);
  assert.deepEqual(state.problems, []);
  const item = state.adjudication('1');
  assert.deepEqual(
    item?.criteria.map((c) => c.final?.grade),
    [undefined, 1, null],
  );
  assert.deepEqual(item?.flags, ['other']);
});

test('adjudicate on a graded run: errors name what the scale takes, the criteria an item has, and where a flag belongs; nothing is appended', async () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-cli-bad'), 'run'), 4);
  const cases: [string[], RegExp][] = [
    [
      ['--item', '1', '--criterion', '1', '--verdict', '0.3'],
      /--verdict '0\.3' is not a level of this scale \(CLASS_UNMET = 0, .*CLASS_EXACTLY_MET = 1, or null; none for no decision\)/,
    ],
    [['--item', '1', '--criterion', '1', '--verdict', 'true'], /'true' is not a level of this scale/],
    [['--item', '1', '--criterion', '9', '--verdict', '1'], /--criterion: item "1" has no criterion "9" \(its criteria: 1, 2, 3\)/],
    [['--item', '1', '--verdict', '1'], /--verdict: item "1" is graded by its criteria \(1, 2, 3\): decide a criterion/],
    [['--item', '1', '--criterion', '1', '--verdict', '1', '--flag', 'other'], /--flag: a flag belongs to the item/],
    [['--item', '1', '--criterion', '1'], /--verdict LEVEL\|none \(CLASS_UNMET = 0, /],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(['adjudicate', run.dir, ...args], { env });
    assert.equal(result.code, 2, args.join(' '));
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  }
  const numeric = writeSyntheticGradedRun(join(scratchDir('graded-cli-numeric'), 'run'), 2, {
    criteria: 0,
    scale: { kind: 'numeric', min: 1, max: 10 },
  });
  const off = await runCli(['adjudicate', numeric.dir, '--item', '0', '--verdict', '10.5'], { env });
  assert.equal(off.code, 2);
  assert.match(off.stderr, /'10\.5' is not a number from 1 to 10 \(or null; none for no decision\)/);
  assert.equal((await runCli(['adjudicate', numeric.dir, '--item', '0', '--verdict', '7.25'], { env })).code, 0);
  assert.equal(readAdjudicationLog(run.adjudications).events.length, 0);
  assert.equal(readAdjudicationLog(numeric.adjudications).events[0]?.event.grade, 7.25);
  const binary = writeSyntheticRun(join(scratchDir('binary-criterion'), 'run'), 2);
  const onBinary = await runCli(['adjudicate', binary.dir, '--item', '1', '--criterion', '1', '--verdict', 'true'], { env });
  assert.equal(onBinary.code, 2);
  assert.match(onBinary.stderr, /--criterion: this run's verdicts are binary: its items have no criteria/);
});

test('adjudicate --from: a criterion column, levels by name or value; a bad row names file, line and field and nothing is appended', async () => {
  const run = writeSyntheticGradedRun(join(scratchDir('graded-from'), 'run'), 4);
  const file = join(run.dir, '..', 'decisions.csv');
  writeFileSync(file, 'itemId,criterion,verdict,flag,note,annotator\n2,1,CLASS_UNMET,,,ben\n2,2,0.25,,,ben\n2,,,other,"see 1, 2",ben\n');
  const result = await runCli(['adjudicate', run.dir, '--from', file], { env });
  assert.equal(result.code, 0, result.stderr);
  const item = loadRunState(run.dir, RUN_REGISTRY).adjudication('2');
  assert.deepEqual(
    item?.criteria.map((c) => c.final?.grade),
    [0, 0.25, undefined],
  );
  assert.deepEqual(
    item?.annotators.map((a) => [a.annotator, a.state.note, a.state.hallucination]),
    [['ben', 'see 1, 2', 'other']],
  );
  for (const [text, message] of [
    [
      'itemId,criterion,verdict\n3,1,CLASS_EXACTLY_MET\n3,1,0.6\n',
      /decisions\.csv, line 3, field "verdict": '0\.6' is not a level of this scale/,
    ],
    ['itemId,criterion,verdict\n3,7,1\n', /line 2, field "criterion": item "3" has no criterion "7"/],
    ['itemId,criterion,verdict,flag\n3,1,1,other\n', /line 2, field "flag": a flag belongs to the item/],
    ['itemId,verdict\n3,0.5\n', /line 2, field "verdict": item "3" is graded by its criteria/],
  ] as const) {
    writeFileSync(file, text);
    const bad = await runCli(['adjudicate', run.dir, '--from', file], { env });
    assert.equal(bad.code, 1, text);
    assert.match(bad.stderr, message);
  }
  assert.equal(readAdjudicationLog(run.adjudications).events.length, 3);
});
