import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { benchmarkOf } from '../../../src/core/benchmarks/registry';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { type ResultLine } from '../../../src/core/runs/resultLine';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { referenceFigures } from './seahelmReference';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const ROOT = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'seahelm');
const FOLDER = join(ROOT, 'inferences', 'tl', 'kalahi-judge');
const [MODEL, TASK, LANG] = ['Gemma-SEA-LION-v4-27B-IT', 'kalahi-judge', 'tl'];
// SEA-HELM's get_inference_filepath and get_judge_batch_response_filepath: "_".join(parts) + ".jsonl".
const INFERENCE = join(FOLDER, `${[MODEL, TASK, LANG].join('_')}.jsonl`);
const JUDGEMENTS = join(FOLDER, `${[MODEL, TASK, LANG, 'turn1', 'judge_batch_response'].join('_')}.jsonl`);
const SEAHELM_RESULTS = join(ROOT, 'results', `${MODEL}_seahelm_results_2026-12-06T07:00:00.000000.json`);

async function importRun(args: readonly string[] = [INFERENCE]): Promise<string> {
  const result = await runCli(['import', 'seahelm', ...args, '--out', scratchDir('seahelm')]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

interface SummaryJson {
  seahelm: { average_criteria_score: number; categories: Record<string, number>; items: number; criteria: number; unparsable: number };
  graded: {
    figure: { name: string; automatic: { value: number; groups: { name: string; value: number }[] }; adjudicated: { value: number } };
  };
}

test("seahelm: the run shows SEA-HELM's average_criteria_score and per-category means to the last digit, and the unparsable criteria", async () => {
  const dir = await importRun();
  const reference = referenceFigures(INFERENCE, JUDGEMENTS);
  const summary = await runCli(['summary', dir, '--json']);
  const figures = (JSON.parse(summary.stdout) as SummaryJson).seahelm;
  assert.equal(figures.average_criteria_score, reference.average);
  assert.deepEqual(figures.categories, reference.categories);
  // The graded summary's source figure, computed from the run's grades (the judge's and, with no decision yet, the adjudicated ones).
  const graded = (JSON.parse(summary.stdout) as SummaryJson).graded.figure;
  assert.equal(graded.name, 'average_criteria_score');
  assert.equal(graded.automatic.value, reference.average);
  assert.equal(graded.adjudicated.value, reference.average);
  assert.deepEqual(Object.fromEntries(graded.automatic.groups.map((g) => [g.name, g.value])), reference.categories);
  // SEA-HELM's own metric code wrote these (scripts/foreign-fixtures/make-seahelm.py), and a plain sum would miss them.
  const own = (
    JSON.parse(readFileSync(SEAHELM_RESULTS, 'utf8')) as Record<
      string,
      Record<string, Record<string, { average_criteria_score: number; categories: Record<string, number> }>>
    >
  )[LANG]?.['cultural']?.[TASK];
  assert.equal(own?.average_criteria_score, reference.average);
  assert.deepEqual(own?.categories, reference.categories);
  assert.notEqual(reference.plainAverage, reference.average);
  const unparsable = reference.items
    .flatMap((i) => i.classes)
    .filter((c) => c === null || !c.startsWith('CLASS_') || c === 'CLASS_PARTIALLY_MET').length;
  assert.deepEqual([figures.items, figures.criteria, figures.unparsable], [12, 45, unparsable]);
  const text = await runCli(['summary', dir]);
  assert.match(text.stdout, new RegExp(`average_criteria_score ${String(reference.average).replace('.', '\\.')} `));
  assert.match(text.stdout, /categories ethics 0\.40046296296296297, shared knowledge 0\.47222222222222215/);
  assert.match(text.stdout, new RegExp(`criteria 45; ${unparsable} without a known classification .* counted 0`));
});

test("seahelm: one graded line per item with its criteria in SEA-HELM's order, the judge's classification as written", async () => {
  const dir = await importRun();
  const state = loadRunState(dir, RUN_REGISTRY);
  const reference = referenceFigures(INFERENCE, JUDGEMENTS);
  assert.deepEqual(
    state.manifest.dataset.itemIds,
    reference.items.map((i) => i.id),
  );
  assert.deepEqual(state.manifest.scale, {
    kind: 'ordinal',
    levels: [
      ['CLASS_UNMET', 0],
      ['CLASS_SLIGHTLY_MET', 0.25],
      ['CLASS_MODERATELY_MET', 0.5],
      ['CLASS_MAJORLY_MET', 0.75],
      ['CLASS_EXACTLY_MET', 1],
    ].map(([name, value]) => ({ name, value })),
  });
  assert.deepEqual(state.manifest.criteriaAggregation, { kind: 'mean', nullAs: 0 });
  for (const item of reference.items) {
    const line = state.current.get(item.id);
    assert.equal(line?.grade, item.score, item.id);
    assert.equal(line?.verdict, null);
    assert.deepEqual(
      line?.criteria?.map((c) => c.id),
      item.criteria,
    );
    assert.deepEqual(
      line?.criteria?.map((c) => c.level),
      item.classes,
    );
  }
  const first = state.current.get('0101000100');
  assert.deepEqual(
    first?.criteria?.slice(0, 5).map((c) => c.id),
    ['criteria0', 'criteria1', 'criteria10', 'criteria11', 'criteria2'],
  );
  const all = [...state.current.values()].flatMap((l) => l.criteria ?? []);
  const byLevel = (level: string | null): typeof all => all.filter((c) => c.level === level);
  assert.deepEqual(
    byLevel('class_majorly_met').map((c) => c.grade),
    [null],
  );
  assert.deepEqual(
    byLevel('CLASS_PARTIALLY_MET').map((c) => c.grade),
    [null],
  );
  const untagged = byLevel(null);
  assert.equal(untagged.length, 2);
  assert.ok(untagged.every((c) => c.grade === null && c.reasoning === null));
  assert.equal(untagged.filter((c) => c.judgeReply === null).length, 1, 'the null reply');
  assert.match(untagged.find((c) => c.judgeReply !== null)?.judgeReply ?? '', /^The response mentions .*CLASS_MAJORLY_MET$/);
  const twoTags = all.find((c) => /or perhaps/.test(c.judgeReply ?? ''));
  assert.deepEqual([twoTags?.level, twoTags?.grade], ['CLASS_SLIGHTLY_MET', 0.25]);
  const noReflection = all.find((c) => c.judgeReply === '<classification>CLASS_MODERATELY_MET</classification>');
  assert.deepEqual([noReflection?.reasoning, noReflection?.grade], [null, 0.5]);
  const rows = readFileSync(INFERENCE, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: string; responses: string[]; prompts: { text: string }[] });
  for (const row of rows) {
    assert.equal(state.current.get(row.id)?.response, row.responses[0]);
    assert.equal(state.current.get(row.id)?.inputs['situation'], row.prompts[0]?.text);
  }
  assert.ok(rows.filter((r) => r.responses[0] === '').length >= 2, 'the empty answer and the failed one');
  assert.match(String(state.current.get('7303000105')?.inputs['modelError']), /EngineGenerateError/);
});

test("seahelm: the review detail shows the situation, the answer and each criterion's classification and reflection, the raw replies a field away", async () => {
  const dir = await importRun();
  const line = loadRunState(dir, RUN_REGISTRY).current.get('1103000116') as ResultLine;
  const common = {
    id: line.itemId,
    auto: 'null' as const,
    error: null,
    annotators: [],
    mine: null,
    final: null,
    conflict: false,
    canUndo: false,
  };
  const detail = benchmarkOf('seahelm').review.detail(common, line, {
    settings: { decidable: true, primaryMetric: '', metrics: [] },
    aidText: null,
  });
  if (detail?.kind !== 'texts') throw new Error('expected a texts detail');
  assert.equal(detail.fields[0]?.label, 'situation');
  assert.equal(detail.fields[0]?.text, line.inputs['situation']);
  assert.equal(detail.response, line.response);
  const criteria = detail.fields.filter((f) => f.label.startsWith('criterion '));
  assert.equal(criteria.length, 3);
  assert.match(criteria[2]?.label ?? '', /^criterion 3\/3 · criteria2 · class_majorly_met → null \(SEA-HELM counts 0\)$/);
  assert.match(criteria[0]?.text ?? '', /\n\nreflection: Tinimbang ang sagot/);
  assert.match(
    detail.fields.find((f) => f.label === "judge's replies (raw)")?.text ?? '',
    /\[criteria2\]\n<reflection>.*<classification>class_majorly_met<\/classification>/,
  );
  const raw = detail.fields.find((f) => f.label === "judge's replies (raw)")?.text ?? '';
  for (const criterion of line.criteria ?? []) assert.ok(raw.includes(criterion.judgeReply ?? '(no reply)'), criterion.id);
});

test("seahelm: the judge's file is found beside the inference file by SEA-HELM's naming, else named with --judgements", async () => {
  const scratch = scratchDir('seahelm-alone');
  const alone = join(scratch, basename(INFERENCE));
  copyFileSync(INFERENCE, alone);
  const out = scratchDir('seahelm-out');
  const missing = await runCli(['import', 'seahelm', alone, '--out', out]);
  assert.equal(missing.code, 1);
  assert.match(
    missing.stderr,
    new RegExp(`looked for ${basename(JUDGEMENTS)}, as SEA-HELM names them\\); name the file with --judgements`),
  );
  assert.deepEqual(readdirSync(out), []);
  const named = await importRun([alone, '--judgements', JUDGEMENTS]);
  const reference = referenceFigures(INFERENCE, JUDGEMENTS);
  const summary = JSON.parse((await runCli(['summary', named, '--json'])).stdout) as SummaryJson;
  assert.equal(summary.seahelm.average_criteria_score, reference.average);
  const batch = await runCli(['import', 'seahelm', JUDGEMENTS, '--out', out]);
  assert.match(batch.stderr, /is one of SEA-HELM's batch files, not the inference file/);
});

test('seahelm: a damaged file is one error naming its file, line and field, and nothing is written', async () => {
  const cases: [(lines: string[]) => void, 'inference' | 'judgements', RegExp][] = [
    [(l) => (l[2] = (l[2] ?? '').slice(0, 50)), 'judgements', /_turn1_judge_batch_response\.jsonl, line 3: not valid JSON/],
    [
      (l) => (l[4] = JSON.stringify({ ...JSON.parse(l[4] ?? '{}'), custom_ids: undefined })),
      'judgements',
      /judge_batch_response\.jsonl, line 5, field "custom_ids": /,
    ],
    [
      (l) => (l[0] = JSON.stringify({ ...JSON.parse(l[0] ?? '{}'), custom_ids: 'a_b_criteria0' })),
      'judgements',
      /line 1, field "custom_ids": "a_b_criteria0" does not split on '_'/,
    ],
    [(l) => (l[1] = l[0] ?? ''), 'judgements', /line 2, field "custom_ids": "0101000100_criteria0" again \(first at line 1\)/],
    [
      (l) => (l[3] = JSON.stringify({ ...JSON.parse(l[3] ?? '{}'), metadata: { topic: 'x' } })),
      'inference',
      /kalahi-judge_tl\.jsonl, line 4, field "metadata\.category": /,
    ],
    [(l) => (l[5] = JSON.stringify({ ...JSON.parse(l[5] ?? '{}'), responses: 'an answer' })), 'inference', /line 6, field "responses": /],
    [
      (l) => (l[6] = JSON.stringify({ ...JSON.parse(l[6] ?? '{}'), id: 'not-judged' })),
      'inference',
      /line 7, field "id": item "not-judged" has no judgement in .*divides by zero/,
    ],
  ];
  for (const [damage, which, message] of cases) {
    const folder = join(scratchDir('seahelm-bad'), 'inferences', LANG, TASK);
    mkdirSync(folder, { recursive: true });
    for (const file of [INFERENCE, JUDGEMENTS]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      if ((file === INFERENCE) === (which === 'inference')) damage(lines);
      writeFileSync(join(folder, basename(file)), lines.join('\n'));
    }
    const out = scratchDir('seahelm-out');
    const result = await runCli(['import', 'seahelm', join(folder, basename(INFERENCE)), '--out', out]);
    assert.equal(result.code, 1, message.source);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.deepEqual(readdirSync(out), []);
  }
});

test('seahelm: an import into a folder that holds a run is refused and the run kept; no staging folder is left', async () => {
  const out = scratchDir('seahelm-twice');
  const first = await runCli(['import', 'seahelm', INFERENCE, '--out', out, '--name', 'run']);
  assert.equal(first.code, 0, first.stderr);
  const before = readFileSync(join(out, 'run', 'run.json'), 'utf8');
  const again = await runCli(['import', 'seahelm', INFERENCE, '--out', out, '--name', 'run']);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /already holds a run/);
  assert.equal(readFileSync(join(out, 'run', 'run.json'), 'utf8'), before);
  assert.deepEqual(readdirSync(out).sort(), ['.gitattributes', 'run']);
  assert.ok(existsSync(join(out, 'run', 'source', basename(JUDGEMENTS))));
});
