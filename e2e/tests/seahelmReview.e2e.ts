// Issue 35's end-to-end check: from the command palette import a SEA-HELM kalahi-judge output (the inference
// file and the judge's batch responses beside it, as scripts/foreign-fixtures/make-seahelm.py writes them
// after SEA-HELM's writer), decide three criteria of the first situation with the keyboard in the review
// that opens, and export the criteria as CSV; the CSV is read with csv-parse, the events with JSON.parse.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import {
  REPO_ROOT,
  answerQuickPick,
  packageVsix,
  runCommand,
  scratchDir,
  screenshot,
  waitForNotification,
  webviewFrame,
  withWorkbench,
} from '../lib';
import { answerFileDialog } from '../helpers/fileDialog';
import { readLines, until } from '../helpers/runFiles';

const FOLDER = join(REPO_ROOT, 'test', 'fixtures', 'foreign-logs', 'seahelm', 'inferences', 'tl', 'kalahi-judge');
const INFERENCE = 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl.jsonl';
const JUDGEMENTS = 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl_turn1_judge_batch_response.jsonl';
const ANNOTATOR = 'E2E Grader';
const RUN_NAME = `seahelm-${INFERENCE.replace(/\.jsonl$/, '')}`;
// Keys 4, 2, 5: CLASS_MAJORLY_MET, CLASS_SLIGHTLY_MET, CLASS_EXACTLY_MET on kalahi-judge's five classes.
const DECIDED = [
  { key: '4', level: 'CLASS_MAJORLY_MET', grade: 0.75 },
  { key: '2', level: 'CLASS_SLIGHTLY_MET', grade: 0.25 },
  { key: '5', level: 'CLASS_EXACTLY_MET', grade: 1 },
];

interface Event {
  itemId: string;
  annotator: string;
  criterion?: string;
  grade?: number | null;
}

test(
  'SEA-HELM: import from the palette, decide three criteria with the keyboard, export the criteria as CSV',
  { timeout: 600_000 },
  async (t) => {
    assert.ok(existsSync(join(FOLDER, INFERENCE)), `${INFERENCE} is missing`);
    const root = scratchDir('seahelm-review');
    const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(root, 'eval-adjudicator.vsix') });
    const workspaceDir = join(root, 'workspace');
    mkdirSync(workspaceDir);
    for (const file of [INFERENCE, JUDGEMENTS]) copyFileSync(join(FOLDER, file), join(workspaceDir, file));
    const runDir = join(workspaceDir, 'runs', RUN_NAME);
    // The first situation's criteria in SEA-HELM's order, from the inference file itself.
    const firstLine = JSON.parse(readFileSync(join(FOLDER, INFERENCE), 'utf8').split('\n')[0] ?? '{}') as {
      id: string;
      criteria: { criterion: string }[];
    };
    assert.ok(firstLine.criteria.length >= 3);

    // The criteria's ids in the review's order, read from its list.
    let ids: string[] = [];
    await withWorkbench(
      { name: 'seahelm-review', vsixPath, workspaceDir, env: { EVAL_ADJUDICATOR_ANNOTATOR: ANNOTATOR }, signal: t.signal },
      async ({ page }) => {
        await runCommand(page, 'Eval Adjudicator: Import Official Results…');
        await answerQuickPick(page, 'SEA-HELM criteria-judge task outputs');
        await answerFileDialog(page, 'SEA-HELM criteria-judge', join(workspaceDir, INFERENCE));
        await waitForNotification(page, /Imported \d+ items/, { timeoutMs: 60_000 });

        const frame = webviewFrame(page);
        await frame.locator('.row').first().waitFor({ timeout: 60_000 });
        await frame.locator('.vlist').focus();
        await frame.locator(`.row[aria-selected="true"][data-item-id="${firstLine.id}"]`).waitFor({ timeout: 15_000 });
        await frame.locator('.criterion').first().waitFor({ timeout: 15_000 });
        assert.equal(await frame.locator('.criterion').count(), firstLine.criteria.length);
        assert.equal(await frame.locator('.grade-level').count(), 5, "kalahi-judge's five classes");
        ids = await frame.locator('.criterion').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset['criterion'] ?? ''));
        assert.equal(await frame.locator('.criterion.is-selected').getAttribute('data-criterion'), ids[0]);

        // Layout: the criteria list sits above the decision bar, both inside the adjudication area, the selected criterion in view.
        const [list, bar, area, selected] = await Promise.all(
          ['.criteria-list', '.grade-bar', '.adjudication', '.criterion.is-selected'].map((s) => frame.locator(s).boundingBox()),
        );
        assert.ok(list && bar && area && selected, 'boxes');
        assert.ok(list.y + list.height <= bar.y + 1, `criteria (${list.y}+${list.height}) above the bar (${bar.y})`);
        assert.ok(list.x >= area.x - 1 && list.x + list.width <= area.x + area.width + 1, 'the list within the adjudication area');
        assert.ok(
          selected.y >= list.y - 1 && selected.y + Math.min(selected.height, 20) <= list.y + list.height + 1,
          'the selected criterion visible in the list',
        );
        await screenshot(page, 'seahelm-review-criteria');

        for (const d of DECIDED) await page.keyboard.press(d.key);
        const events = await until('three criteria decided', () => {
          const all = readLines<Event>(join(runDir, 'adjudications.jsonl'));
          return all.length >= 3 ? all : undefined;
        });
        assert.deepEqual(
          events.map((e) => [e.itemId, e.annotator, e.criterion, e.grade]),
          DECIDED.map((d, i) => [firstLine.id, ANNOTATOR, ids[i], d.grade]),
        );
        await frame.locator('.criteria-title', { hasText: '3 of' }).waitFor({ timeout: 15_000 });
        await screenshot(page, 'seahelm-review-decided');

        await runCommand(page, 'Eval Adjudicator: Export Adjudicated Scores…');
        await answerQuickPick(page, 'CSV per criterion');
        await answerFileDialog(page, 'Export Adjudicated Scores', null);
        await waitForNotification(page, /Exported adjudicated-criteria\.csv/, { timeoutMs: 30_000 });
      },
    );

    const csv = readFileSync(join(runDir, 'adjudicated-criteria.csv'), 'utf8');
    const rows = parse(csv, { bom: true, columns: true, record_delimiter: ['\r\n', '\n', '\r'] }) as Record<string, string>[];
    const first = rows.filter((r) => r['itemId'] === firstLine.id);
    assert.equal(first.length, firstLine.criteria.length, 'a row per criterion of the first situation');
    // Rows follow the run's criterion order, SEA-HELM's own (its ids sorted as strings: criteria10 before criteria2);
    // each id names its place in the inference line's criteria.
    const textOf = (id: string | undefined): string | undefined =>
      firstLine.criteria[Number(/^criteria(\d+)$/.exec(id ?? '')?.[1])]?.criterion;
    assert.deepEqual(
      first.map((r) => r['criterion']),
      ids,
      'the export lists the criteria in the review’s order',
    );
    DECIDED.forEach((d, i) => {
      const row = first[i];
      assert.equal(row?.['humanLevel'], d.level, `criterion ${i + 1}`);
      assert.equal(Number(row?.['humanGrade']), d.grade);
      assert.equal(Number(row?.['adjudicatedGrade']), d.grade);
      assert.equal(row?.['decidedBy'], ANNOTATOR);
      assert.equal(row?.['text'], textOf(row?.['criterion']));
    });
    for (const row of first.slice(DECIDED.length)) {
      assert.equal(row['humanGrade'], '', 'an undecided criterion has no human grade');
      assert.equal(row['adjudicatedGrade'], row['automaticGrade'], 'the judge’s grade counts');
    }
  },
);
