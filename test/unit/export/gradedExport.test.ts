import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../helpers/cli';
import { csvRecords, rawCsvRecords, rawCsvRows } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { writeSyntheticRun } from '../../helpers/syntheticRun';
import { referenceFigures, sum312 } from '../seahelm/seahelmReference';

const ROOT = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'seahelm');
const FOLDER = join(ROOT, 'inferences', 'tl', 'kalahi-judge');
const INFERENCE = join(FOLDER, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl.jsonl');
const JUDGEMENTS = join(FOLDER, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl_turn1_judge_batch_response.jsonl');

/** kalahi-judge's classes (seahelm_tasks/cultural/kalahi_judge/config.yaml), written out here, not read from the import. */
const CLASSES: Record<string, number> = {
  CLASS_UNMET: 0,
  CLASS_SLIGHTLY_MET: 0.25,
  CLASS_MODERATELY_MET: 0.5,
  CLASS_MAJORLY_MET: 0.75,
  CLASS_EXACTLY_MET: 1,
};
const known = (c: string | null): c is string => c !== null && c in CLASSES;
/** A criterion's value in SEA-HELM's sum: CLASS_UNMET is Python's int 0, the others floats, unknown 0.0. */
const term = (c: string | null): { value: number; int: boolean } =>
  known(c) ? { value: CLASSES[c] ?? 0, int: c === 'CLASS_UNMET' } : { value: 0, int: false };

/** The three criteria decided in the test: [item index in the reference, criterion index, level]. */
const DECISIONS: [number, number, string][] = [
  [0, 0, 'CLASS_UNMET'],
  [0, 2, 'CLASS_EXACTLY_MET'],
  [3, 1, 'class_majorly_met'],
];

async function decidedRun(): Promise<{ dir: string; reference: ReturnType<typeof referenceFigures> }> {
  const imported = await runCli(['import', 'seahelm', INFERENCE, '--out', scratchDir('graded-export')]);
  assert.equal(imported.code, 0, imported.stderr);
  const dir = imported.lastLine;
  const reference = referenceFigures(INFERENCE, JUDGEMENTS);
  for (const [i, k, level] of DECISIONS) {
    const item = reference.items[i];
    assert.ok(item !== undefined);
    const args = [
      'adjudicate',
      dir,
      '--item',
      item.id,
      '--criterion',
      item.criteria[k] ?? '',
      '--verdict',
      level,
      '--annotator',
      'ana',
      '--note',
      `note ${i}.${k}`,
    ];
    const result = await runCli(args);
    assert.equal(result.code, 0, result.stderr);
  }
  return { dir, reference };
}

/** Each item's criteria classes after the decisions (a decided criterion takes the human's class, upper case as the scale names it). */
function adjudicatedClasses(reference: ReturnType<typeof referenceFigures>): (string | null)[][] {
  return reference.items.map((item, i) =>
    item.classes.map((c, k) => DECISIONS.find(([di, dk]) => di === i && dk === k)?.[2].toUpperCase() ?? c),
  );
}

test('graded export per criterion: one CSV row per criterion, the judge beside the human on the scale (level and value), null shown as null, notes guarded', async () => {
  const { dir, reference } = await decidedRun();
  const out = join(scratchDir('graded-export-out'), 'criteria.csv');
  const result = await runCli(['export', dir, '--format', 'csv', '--adjudicated', '--per', 'criterion', '--out', out]);
  assert.equal(result.code, 0, result.stderr);
  const text = readFileSync(out, 'utf8');
  const rows = csvRecords(text);
  const expected = reference.items.flatMap((item) =>
    item.criteria.map((criterion, k) => ({ item, criterion, judge: item.classes[k] ?? null })),
  );
  assert.equal(rows.length, expected.length);
  assert.deepEqual(Object.keys(rows[0] ?? {}).slice(0, 6), ['itemId', 'category', 'judging', 'criterion', 'text', 'judgeWrote']);
  expected.forEach(({ item, criterion, judge }, r) => {
    const row = rows[r];
    assert.ok(row !== undefined);
    assert.deepEqual(
      [row['itemId'], row['category'], row['criterion'], row['judgeWrote']],
      [item.id, item.category, criterion, judge ?? ''],
    );
    // A judge reply without a known class is null, never 0, though SEA-HELM counts it 0.0.
    assert.deepEqual([row['automaticLevel'], row['automaticGrade']], known(judge) ? [judge, String(CLASSES[judge])] : ['null', 'null']);
  });
  for (const [i, k, level] of DECISIONS) {
    const item = reference.items[i];
    const row = rows.find((x) => x['itemId'] === item?.id && x['criterion'] === item?.criteria[k]);
    const name = level.toUpperCase();
    assert.deepEqual(
      [
        row?.['humanLevel'],
        row?.['humanGrade'],
        row?.['decidedHow'],
        row?.['adjudicatedLevel'],
        row?.['adjudicatedGrade'],
        row?.['decidedBy'],
        row?.['grades'],
      ],
      [name, String(CLASSES[name]), 'agreement', name, String(CLASSES[name]), 'ana', `ana: ${name}`],
    );
  }
  const undecided = rows.filter((x) => x['humanGrade'] === '');
  assert.equal(undecided.length, expected.length - DECISIONS.length);
  assert.ok(undecided.every((x) => x['adjudicatedGrade'] === x['automaticGrade'] && x['adjudicatedLevel'] === x['automaticLevel']));
  assert.deepEqual(
    rows.flatMap((x) => (x['notes'] === '' ? [] : [x['notes']])),
    DECISIONS.map(([i, k]) => `ana: note ${i}.${k}`),
  );
  // Cells that would run as formulas (an annotator named @bob, his note) are written guarded and read back as typed.
  const item = reference.items[1];
  const formula = await runCli([
    'adjudicate',
    dir,
    '--item',
    item?.id ?? '',
    '--criterion',
    item?.criteria[0] ?? '',
    '--verdict',
    'null',
    '--note',
    '=1+1',
    '--annotator',
    '@bob',
  ]);
  assert.equal(formula.code, 0, formula.stderr);
  const again = (await runCli(['export', dir, '--format', 'csv', '--adjudicated', '--per', 'criterion'])).stdout;
  const raw = rawCsvRecords(again).find((x) => x['itemId'] === item?.id && x['criterion'] === item?.criteria[0]);
  assert.deepEqual([raw?.['annotators'], raw?.['grades'], raw?.['notes']], ["'@bob", "'@bob: null", "'@bob: =1+1"]);
  const read = csvRecords(again).find((x) => x['itemId'] === item?.id && x['criterion'] === item?.criteria[0]);
  assert.deepEqual(
    [read?.['annotators'], read?.['humanLevel'], read?.['humanGrade'], read?.['notes']],
    ['@bob', 'null', 'null', '@bob: =1+1'],
  );
});

test("graded export per item: each item's grade automatic and adjudicated; the adjudicated average_criteria_score in SEA-HELM's terms printed and in JSON", async () => {
  const { dir, reference } = await decidedRun();
  const classes = adjudicatedClasses(reference);
  const itemScore = (cs: readonly (string | null)[]): number => sum312(cs.map(term)) / cs.length;
  const adjudicatedScores = classes.map(itemScore);
  const floats = (xs: readonly number[]): { value: number; int: boolean }[] => xs.map((value) => ({ value, int: false }));
  const adjudicatedFigure = (sum312(floats(adjudicatedScores)) / adjudicatedScores.length) * 100;
  assert.notEqual(adjudicatedFigure, reference.average, 'the decisions move the figure');

  const result = await runCli(['export', dir, '--format', 'csv', '--adjudicated']);
  assert.equal(result.code, 0, result.stderr);
  const rows = csvRecords(result.stdout);
  assert.deepEqual(
    rows.map((r) => r['itemId']),
    reference.items.map((i) => i.id),
  );
  reference.items.forEach((item, i) => {
    const row = rows[i];
    assert.equal(Number(row?.['automaticGrade']), item.score, item.id);
    assert.equal(Number(row?.['adjudicatedGrade']), adjudicatedScores[i], item.id);
    assert.equal(row?.['criteria'], String(item.criteria.length));
    assert.equal(row?.['category'], item.category);
  });
  const decidedItems = [...new Set(DECISIONS.map(([i]) => i))];
  assert.deepEqual(
    rows.flatMap((r, i) => (r['decidedHow'] === '' ? [] : [[i, r['decidedHow'], r['criteriaDecided'], r['annotators']]])),
    decidedItems.map((i) => [i, 'criteria', String(DECISIONS.filter(([d]) => d === i).length), 'ana']),
  );

  // Printed by the command: SEA-HELM's figure from the judge's classes and from the adjudicated ones.
  const line = result.stderr.split('\n').find((l) => l.startsWith('average_criteria_score '));
  assert.equal(
    line?.split(' ').slice(0, 5).join(' '),
    `average_criteria_score ${reference.average} automatic, ${adjudicatedFigure} adjudicated`,
  );
  for (const category of Object.keys(reference.categories)) {
    const members = reference.items.flatMap((item, i) => (item.category === category ? [adjudicatedScores[i] ?? 0] : []));
    const value = sum312(floats(members)) / members.length;
    assert.ok(
      result.stderr.includes(`  category ${category}: ${reference.categories[category]} automatic, ${value} adjudicated`),
      category,
    );
  }
  // JSON holds the same where a binary export holds its automatic and adjudicated scores.
  const json = JSON.parse((await runCli(['export', dir, '--format', 'json', '--adjudicated'])).stdout) as {
    graded: {
      figure: { name: string; automatic: { value: number }; adjudicated: { value: number; groups: { name: string; value: number }[] } };
    };
    items: { itemId: string; adjudicated: { grade: number } }[];
  };
  assert.equal(json.graded.figure.name, 'average_criteria_score');
  assert.deepEqual([json.graded.figure.automatic.value, json.graded.figure.adjudicated.value], [reference.average, adjudicatedFigure]);
  assert.deepEqual(
    json.items.map((i) => i.adjudicated.grade),
    adjudicatedScores,
  );
});

test('--per criterion is refused on a binary run and without --adjudicated; a binary adjudicated export prints no graded lines', async () => {
  const run = writeSyntheticRun(join(scratchDir('binary-per'), 'run'), 3);
  const refused = await runCli(['export', run.dir, '--format', 'csv', '--adjudicated', '--per', 'criterion']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--per criterion goes with --adjudicated on a graded run .* is binary/);
  const plain = await runCli(['export', run.dir, '--format', 'csv', '--per', 'criterion']);
  assert.notEqual(plain.code, 0);
  const binary = await runCli(['export', run.dir, '--format', 'csv', '--adjudicated']);
  assert.equal(binary.code, 0, binary.stderr);
  assert.doesNotMatch(binary.stderr, /mean grade|scale/);
});

test('an Inspect log graded C/P/I exports its letters and values; its facets never repeat a column', async () => {
  const imported = await runCli([
    'import',
    'inspect',
    join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'inspect', 'graded-partial.eval'),
    '--out',
    scratchDir('graded-inspect'),
  ]);
  assert.equal(imported.code, 0, imported.stderr);
  const dir = imported.lastLine;
  const first = (await runCli(['export', dir, '--format', 'csv'])).stdout;
  const id = csvRecords(first)[0]?.['itemId'] ?? '';
  assert.equal((await runCli(['adjudicate', dir, '--item', id, '--verdict', 'p', '--annotator', 'ana'])).code, 0);
  const text = (await runCli(['export', dir, '--format', 'csv', '--adjudicated'])).stdout;
  const header = rawCsvRows(text)[0] ?? [];
  assert.equal(new Set(header).size, header.length, header.join());
  const rows = csvRecords(text);
  // Inspect's value_to_float: C 1, P 0.5, I 0; the letter is the level's name.
  const value: Record<string, string> = { C: '1', P: '0.5', I: '0' };
  for (const row of rows) assert.equal(row['automaticGrade'], value[row['automaticLevel'] ?? ''], row['itemId']);
  const decided = rows.find((r) => r['itemId'] === id);
  assert.deepEqual(
    [decided?.['humanLevel'], decided?.['humanGrade'], decided?.['adjudicatedLevel'], decided?.['decidedHow'], decided?.['criteria']],
    ['P', '0.5', 'P', 'agreement', '0'],
  );
  assert.ok(rows.filter((r) => r['itemId'] !== id).every((r) => r['humanGrade'] === '' && r['adjudicatedGrade'] === r['automaticGrade']));
});
