import { type Benchmark } from '../../contract/benchmark';
import { foreignBenchmark } from '../foreignBenchmark';
import { SEAHELM_BASICS } from './basics';
import { SEAHELM_IMPORT } from './importSeahelm';
import { seahelmDetail, seahelmLabelText, seahelmSearchTexts } from './seahelmDetail';
import { SEAHELM_FIGURE } from './seahelmFigure';
import { seahelmFigureLines, withSeahelmFigures } from './seahelmSummary';

const VERDICT_RULE = "each criterion's classification scores its level's value (none or unknown: 0.0); the item's grade is their mean";

const BASE = foreignBenchmark({
  basics: SEAHELM_BASICS,
  description: "a SEA-HELM criteria-judge task's inference file and judge replies (kalahi-judge…), imported",
  importer: SEAHELM_IMPORT,
  verdictRule: VERDICT_RULE,
  figure: SEAHELM_FIGURE,
});

/** SEA-HELM criteria-judge outputs: graded on the task's classifications, criterion by criterion. */
export const SEAHELM: Benchmark = {
  ...BASE,
  review: { ...BASE.review, detail: seahelmDetail, labelText: seahelmLabelText, searchTexts: seahelmSearchTexts },
  summary: { extend: withSeahelmFigures, lines: seahelmFigureLines, figure: SEAHELM_FIGURE },
  report: { title: 'Judge validation', rater: 'judge', automaticVerdictText: `the criteria judge's classifications (${VERDICT_RULE})` },
};
