// Kalahi's metrics step checks a checked BERTScore's or BLEURT's model folder before the run starts (issue 29
// #11): a folder without the chosen layer's hidden state, without a file of the layout or without BLEURT's
// logits is refused at the step, naming the folder or file and what is missing, and the step is asked again
// with the same checks; the tiny models of test/fixtures/neural pass.
import assert from 'node:assert/strict';
import { cpSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pickKalahiMetrics } from '../../../src/core/benchmarks/kalahi/startRunMetrics';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { scratchDir } from '../../helpers/scratch';
import { type ScriptOptions, type Shown, scriptedUi } from '../../helpers/scriptedStartRunUi';
import { TINY_BLEURT, TINY_ENCODER } from '../neural/fixtures';

function copyOf(source: string, name: string): string {
  const dir = join(scratchDir(`kalahi-folders-${name}`), name);
  cpSync(source, dir, { recursive: true });
  return dir;
}

const problems = (shown: readonly Shown[]): string[] => shown.flatMap((s) => (s.kind === 'problem' ? [s.title] : []));
const checkedOf = (shown: Shown | undefined): string[] =>
  shown?.kind === 'pickMany' ? shown.items.filter((i) => i.picked === true).map((i) => i.label) : [];

async function metricsStep(
  answers: Parameters<typeof scriptedUi>[0],
  options: ScriptOptions,
): Promise<{ ui: ReturnType<typeof scriptedUi>; choice: Awaited<ReturnType<typeof pickKalahiMetrics>> }> {
  const ui = scriptedUi(answers, options);
  const choice = await pickKalahiMetrics(ui, 3, 6);
  assert.equal(ui.remaining(), 0);
  return { ui, choice };
}

test('BERTScore with a layer the model folder does not expose is refused at the step, naming the ONNX file and the layer; unchecking it goes on', async () => {
  const { ui, choice } = await metricsStep([['chrf', 'bertscore'], ['chrf']], {
    settings: { bertscoreModel: TINY_ENCODER, bertscoreLayer: 5 },
  });
  const [problem = '', ...more] = problems(ui.shown);
  assert.equal(more.length, 0);
  assert.ok(
    problem.startsWith(
      `${join(TINY_ENCODER, 'onnx', 'model.onnx')}: BERTScore needs the hidden state of layer 5, and its last_hidden_state comes after 2 layers`,
    ),
    problem,
  );
  assert.match(problem, /evalAdjudicator\.bertscoreLayer/);
  assert.deepEqual(
    ui.shown.map((s) => s.kind),
    ['pickMany', 'problem', 'pickMany'],
  );
  assert.deepEqual(checkedOf(ui.shown[2]), ['chrf', 'bertscore'], 'asked again with the checks just made');
  assert.deepEqual(choice, { metrics: ['chrf'], neural: { bertscore: null, bleurt: null } });
});

test('the layers the tiny encoder has pass: 2 (its last hidden state) and 1 (exposed as hidden_states.1)', async () => {
  for (const layer of [2, 1]) {
    const { ui, choice } = await metricsStep([['chrf', 'bertscore']], {
      settings: { bertscoreModel: TINY_ENCODER, bertscoreLayer: layer },
    });
    assert.deepEqual(problems(ui.shown), []);
    assert.deepEqual(choice?.neural.bertscore, { model: TINY_ENCODER, layer, idf: false, rescaleFile: null });
  }
});

test('BERTScore without a layer for a model bert_score’s table does not know is refused, naming the setting to give', async () => {
  const { ui, choice } = await metricsStep([['bertscore'], ['chrf']], { settings: { bertscoreModel: TINY_ENCODER } });
  const [problem] = problems(ui.shown);
  assert.match(
    problem ?? '',
    /^BERTScore: bert_score's table has no layer for .*tiny-encoder \(tiny-encoder\); give the layer .*evalAdjudicator\.bertscoreLayer/,
  );
  assert.equal(choice?.neural.bertscore, null);
});

test('a model folder missing a file of the layout is refused naming that file, for BERTScore and BLEURT at once', async () => {
  const encoder = copyOf(TINY_ENCODER, 'no-onnx');
  unlinkSync(join(encoder, 'onnx', 'model.onnx'));
  const bleurt = copyOf(TINY_BLEURT, 'no-tokenizer');
  unlinkSync(join(bleurt, 'tokenizer.json'));
  const { ui } = await metricsStep([['bertscore', 'bleurt'], ['chrf']], {
    settings: { bertscoreModel: encoder, bertscoreLayer: 2, bleurtModel: bleurt },
  });
  const [problem = ''] = problems(ui.shown);
  assert.ok(
    problem.startsWith(
      `${join(encoder, 'onnx', 'model.onnx')}: missing; BERTScore needs a model folder holding config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx`,
    ),
    problem,
  );
  assert.ok(problem.includes(`${join(bleurt, 'tokenizer.json')}: missing; BLEURT needs a model folder`), problem);
  assert.match(problem, /evalAdjudicator\.bleurtModel/);
});

test('BLEURT on a folder whose model has no logits output (an encoder) is refused; the tiny BLEURT passes', async () => {
  // The same answer again, the folder still wrong: refused again, until BLEURT is unchecked.
  const refused = await metricsStep([['bleurt'], ['bleurt'], ['chrf']], { settings: { bleurtModel: TINY_ENCODER } });
  const [problem, again] = problems(refused.ui.shown);
  assert.ok(
    problem?.startsWith(
      `${join(TINY_ENCODER, 'onnx', 'model.onnx')}: BLEURT needs the output "logits" (the regression score); it has last_hidden_state, hidden_states.1`,
    ),
    problem,
  );
  assert.equal(again, problem);
  assert.deepEqual(refused.choice?.metrics, ['chrf']);
  const accepted = await metricsStep([['bleurt']], { settings: { bleurtModel: TINY_BLEURT } });
  assert.deepEqual(problems(accepted.ui.shown), []);
  assert.deepEqual(accepted.choice?.neural.bleurt, { model: TINY_BLEURT });
});

test('a folder that does not exist is refused; a hub model not downloaded yet is left to the run (it downloads and checks it)', async () => {
  const missing = join(scratchDir('kalahi-folders-none'), 'nothing-here');
  const { ui } = await metricsStep([['bertscore'], ['chrf']], { settings: { bertscoreModel: missing, bertscoreLayer: 2 } });
  assert.match(
    problems(ui.shown)[0] ?? '',
    new RegExp(`^${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no such model folder \\(BERTScore\\)`),
  );
  const hub = await metricsStep([['bertscore', 'bleurt']], { settings: { bertscoreLayer: 18 } });
  assert.deepEqual(problems(hub.ui.shown), []);
  assert.equal(hub.choice?.neural.bertscore?.model, 'microsoft/deberta-v3-large');
});

test('in the whole Start Run, the refusal comes at the metrics step, before the provider is asked', async () => {
  const ui = scriptedUi(['Kalahi', 'Open-ended', ['chrf', 'bertscore'], ['chrf'], 'OpenAI', 'm', 'First 10 items'], {
    settings: { bertscoreModel: TINY_ENCODER, bertscoreLayer: 7 },
    keys: { 'https://api.openai.com/v1': 'sk' },
  });
  const chosen = await chooseBenchmarkAndPlan(ui, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  assert.deepEqual(
    ui.shown.slice(0, 5).map((s) => (s.kind === 'problem' ? 'problem' : s.title)),
    [
      'Start Run (1/5 or 6): benchmark',
      'Start Run (2/6): Kalahi task',
      'Start Run (3/6): open-ended metrics',
      'problem',
      'Start Run (3/6): open-ended metrics',
    ],
  );
  assert.equal(ui.shown[5]?.title, 'Start Run (4/6): provider');
});
