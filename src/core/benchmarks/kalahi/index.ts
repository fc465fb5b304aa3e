import { KALAHI_RUN_CLI } from './runOptions';
import { KALAHI_START_RUN } from './startRunSteps';
import { type Benchmark, type PromptDocument } from '../../contract/benchmark';
import { type RunManifest } from '../../runs/runManifest';
import { metricsVersusHuman } from '../../judgeValidation/metricHuman';
import { openMetrics } from './scoreViews';
import { KALAHI_BASICS } from './basics';
import { exportKalahiRun } from './exportKalahi';
import { exportKalahiAdjudicated } from './exportKalahiAdjudicated';
import { KalahiResultLineSchema } from './resultParts';
import { KALAHI_REVIEW } from './review';
import { isKalahiSummary, kalahiSummaryLines, withKalahiParts } from './summary';
import { KALAHI_GUIDELINES } from './guidelines';

/** Kalahi has no judge: what a run was scored with is its settings. */
function scoringDocument(manifest: RunManifest): PromptDocument {
  return {
    title: `Kalahi scoring: ${manifest.id}`,
    text: `${JSON.stringify({ note: 'Kalahi has no LLM judge. The automatic verdict of an open-ended answer is the acc of the primary metric (max relevant > max irrelevant); MC items take flags and notes only.', task: manifest.task, settings: manifest.settings }, null, 2)}\n`,
    language: 'json',
  };
}

/** Kalahi: 150 Filipino cultural scenarios, open-ended answers scored by similarity, MC from log-probs. */
export const KALAHI: Benchmark = {
  ...KALAHI_BASICS,
  description: '150 Filipino cultural scenarios: open-ended answers scored by similarity, MC from log-probs',
  resultLineSchema: KalahiResultLineSchema,
  runCli: KALAHI_RUN_CLI,
  startRun: KALAHI_START_RUN,
  review: KALAHI_REVIEW,
  exports: { plain: (state, format) => exportKalahiRun(state.paths.dir, format), adjudicated: exportKalahiAdjudicated },
  summary: {
    extend: withKalahiParts,
    lines: (summary) => (isKalahiSummary(summary) ? kalahiSummaryLines(summary) : []),
  },
  // A metric gives the same acc every time: nothing to re-ask, so no stability words.
  report: {
    title: 'Metric validation',
    rater: 'metric',
    automaticVerdictText: 'automatic verdict: the primary similarity metric’s acc',
    metricsVersusHuman: (records) => metricsVersusHuman(records, openMetrics),
  },
  guidelines: KALAHI_GUIDELINES,
  promptDocument: (_dir, manifest) => Promise.resolve(scoringDocument(manifest)),
};
