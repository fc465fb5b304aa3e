// Issue 35: a graded run's binary accuracy counts nothing but nulls; the Runs view shows its grades instead:
// the source's own figure where it has one (SEA-HELM's average_criteria_score), else the mean grade.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { itemGradeOf, writeSyntheticGradedRun } from '../../helpers/syntheticGradedRun';
import { eventOn } from '../../helpers/syntheticRun';
import { appendEvents } from '../../helpers/syntheticGradedRun';
import { referenceFigures } from '../seahelm/seahelmReference';
import { installFakeVscode } from '../security/fakeVscode';

async function runsViewItem(dir: string, blind = false): Promise<{ description: string; tooltip: string }> {
  installFakeVscode();
  const { RunNode, RunsTreeProvider } = await import('../../../src/extension/runsTree');
  const item = new RunsTreeProvider(
    () => [],
    () => blind,
  ).getTreeItem(new RunNode(dir, summarizeRun(dir), undefined));
  const tooltip = item.tooltip;
  const markdown = typeof tooltip === 'object' && tooltip !== null && 'value' in tooltip ? String(tooltip.value) : '';
  // The tooltip's Markdown read as text: its escapes taken off.
  return { description: String(item.description), tooltip: markdown.replace(/\\(.)/g, '$1') };
}

const SEAHELM = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'seahelm', 'inferences', 'tl', 'kalahi-judge');

test("a SEA-HELM run shows SEA-HELM's average_criteria_score, automatic and adjudicated, not a binary accuracy", async () => {
  const inference = join(SEAHELM, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl.jsonl');
  const imported = await runCli(['import', 'seahelm', inference, '--out', scratchDir('graded-runs-view')]);
  assert.equal(imported.code, 0, imported.stderr);
  const reference = referenceFigures(inference, join(SEAHELM, 'Gemma-SEA-LION-v4-27B-IT_kalahi-judge_tl_turn1_judge_batch_response.jsonl'));
  const shown = String(Number(reference.average.toFixed(4)));
  const item = await runsViewItem(imported.lastLine);
  assert.match(
    item.description,
    new RegExp(
      `^seahelm · 12 items · average_criteria_score ${shown.replace('.', '\\.')} · adj ${shown.replace('.', '\\.')} · 0/12 reviewed$`,
    ),
  );
  assert.doesNotMatch(item.description + item.tooltip, /%/, 'no accuracy of nulls');
  assert.match(
    item.tooltip,
    new RegExp(
      `automatic: mean grade [\\d.]+ \\(over 12 graded items; null 0, error 0, missing 0, left out\\); average_criteria_score ${shown.replace('.', '\\.')}$`,
      'm',
    ),
  );
  assert.match(item.tooltip, /reviewed: 0 of 12 reviewed \(0 with a final human grade\)/);
  const blind = await runsViewItem(imported.lastLine, true);
  assert.doesNotMatch(blind.description + blind.tooltip, /mean|average/);
});

test('a run graded whole without a source figure shows its mean grade, nulls left out and counted', async () => {
  const scale = { kind: 'numeric', min: 1, max: 10 } as const;
  const run = writeSyntheticGradedRun(join(scratchDir('graded-runs-view-numeric'), 'run'), 8, { criteria: 0, scale });
  appendEvents(run, [eventOn(run, { itemId: '3', annotator: 'ana', minute: 1, grade: 9 })]);
  const judge = Array.from({ length: 8 }, (_, i) => itemGradeOf(scale, i)).filter((g): g is number => g !== null);
  const human = Array.from({ length: 8 }, (_, i) => (i === 3 ? 9 : itemGradeOf(scale, i))).filter((g): g is number => g !== null);
  const mean = (xs: number[]): string => String(Number((xs.reduce((s, x) => s + x, 0) / xs.length).toFixed(4)));
  const item = await runsViewItem(run.dir);
  assert.match(
    item.description,
    new RegExp(`· mean ${mean(judge).replace('.', '\\.')} · adj ${mean(human).replace('.', '\\.')} · 1/8 reviewed$`),
  );
  assert.match(
    item.tooltip,
    new RegExp(`automatic: mean grade ${mean(judge).replace('.', '\\.')} \\(over 6 graded items; null 2, error 0, missing 0, left out\\)`),
  );
});
