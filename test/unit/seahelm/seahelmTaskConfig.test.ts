import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { referenceFigures } from './seahelmReference';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const FOLDER = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'seahelm', 'inferences', 'tl', 'kalahi-judge');
const INFERENCE = join(FOLDER, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl.jsonl');
const JUDGEMENTS = join(FOLDER, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl_turn1_judge_batch_response.jsonl');

// A task config with other classes, as SEA-HELM's config.yaml lays them out; 0 and 1 are ints, as PyYAML reads them.
const CONFIG = `kalahi-judge:
  name: kalahi-judge
  metric_class: CriteriaJudgeMetric
  judge:
    judge_model_name: example/judge
    classifications:
      CLASS_UNMET: 0
      CLASS_SLIGHTLY_MET: 0.1
      CLASS_PARTIALLY_MET: 0.2
      CLASS_MODERATELY_MET: 0.3
      CLASS_MAJORLY_MET: 0.7
      CLASS_EXACTLY_MET: 1
`;
const VALUES = {
  CLASS_UNMET: { value: 0, int: true },
  CLASS_SLIGHTLY_MET: { value: 0.1, int: false },
  CLASS_PARTIALLY_MET: { value: 0.2, int: false },
  CLASS_MODERATELY_MET: { value: 0.3, int: false },
  CLASS_MAJORLY_MET: { value: 0.7, int: false },
  CLASS_EXACTLY_MET: { value: 1, int: true },
};

test("seahelm --task-config: the task's own classifications grade the criteria and give SEA-HELM's figures", async () => {
  const config = join(scratchDir('seahelm-config'), 'config.yaml');
  writeFileSync(config, CONFIG);
  const result = await runCli(['import', 'seahelm', INFERENCE, '--task-config', config, '--out', scratchDir('seahelm')]);
  assert.equal(result.code, 0, result.stderr);
  const reference = referenceFigures(INFERENCE, JUDGEMENTS, VALUES);
  const summary = JSON.parse((await runCli(['summary', result.lastLine, '--json'])).stdout) as {
    seahelm: { average_criteria_score: number; categories: Record<string, number>; unparsable: number };
  };
  assert.equal(summary.seahelm.average_criteria_score, reference.average);
  assert.deepEqual(summary.seahelm.categories, reference.categories);
  // What SEA-HELM's CriteriaJudgeMetric printed for this config (make-seahelm.py --check-config, fixture README).
  assert.deepEqual(
    [reference.average, reference.categories],
    [35.55555555555556, { ethics: 0.3333333333333333, 'shared knowledge': 0.4222222222222222 }],
  );
  assert.equal(summary.seahelm.unparsable, 3, 'CLASS_PARTIALLY_MET is a class of this task');
  const state = loadRunState(result.lastLine, RUN_REGISTRY);
  assert.deepEqual(state.manifest.scale?.kind === 'ordinal' ? state.manifest.scale.levels.map((l) => l.name) : [], Object.keys(VALUES));
  assert.equal(state.manifest.settings['judge'], 'example/judge');
  for (const item of reference.items) assert.equal(state.current.get(item.id)?.grade, item.score);
});

test('seahelm --task-config: a broken config is one error naming the file and the line or field', async () => {
  const cases: [string, RegExp][] = [
    [`kalahi-judge:\n  judge:\n    classifications: [a\n`, /config\.yaml, line \d+: not valid YAML/],
    [
      CONFIG.replace('CLASS_PARTIALLY_MET: 0.2', 'CLASS_PARTIALLY_MET: 0.3'),
      /config\.yaml, field "kalahi-judge\.judge\.classifications": two classes have the value 0\.3/,
    ],
    [
      CONFIG.replace('CLASS_SLIGHTLY_MET: 0.1', 'CLASS_SLIGHTLY_MET: some'),
      /field "kalahi-judge\.judge\.classifications\.CLASS_SLIGHTLY_MET"/,
    ],
    [
      'other-task:\n  judge: {}\nthird: {}\n',
      /not a SEA-HELM task config with the task "kalahi-judge" \(its top-level keys: other-task, third\)/,
    ],
  ];
  for (const [text, message] of cases) {
    const config = join(scratchDir('seahelm-config'), 'config.yaml');
    writeFileSync(config, text);
    const out = scratchDir('seahelm-out');
    const result = await runCli(['import', 'seahelm', INFERENCE, '--task-config', config, '--out', out]);
    assert.equal(result.code, 1, message.source);
    assert.match(result.stderr, message);
    assert.deepEqual(readdirSync(out), []);
  }
});
