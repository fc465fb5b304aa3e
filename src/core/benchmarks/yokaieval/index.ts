import { YOKAIEVAL_RUN_CLI } from './runOptions';
import { YOKAIEVAL_START_RUN } from './startRunSteps';
import { type Benchmark } from '../../contract/benchmark';
import { ResultLineSchema } from '../../runs/resultLine';
import { YOKAIEVAL_BASICS } from './basics';
import { importOfficialYokaiEval } from './importOfficial';
import { YOKAIEVAL_JUDGE } from './judge';
import { exportYokaiEvalAdjudicated, exportYokaiRun } from './exportYokaiEval';
import { yokaiEvalPromptDocument } from './promptDocument';
import { YOKAIEVAL_REVIEW } from './review';
import { YOKAIEVAL_GUIDELINES } from './guidelines';
import { YOKAIEVAL_REPORT } from './reportWords';

/** YokaiEval: 810 four-choice questions on Japanese folklore, the model's answer judged by an LLM judge. */
export const YOKAIEVAL: Benchmark = {
  ...YOKAIEVAL_BASICS,
  description: '810 four-choice questions on Japanese folklore, judged by an LLM',
  resultLineSchema: ResultLineSchema,
  runCli: YOKAIEVAL_RUN_CLI,
  startRun: YOKAIEVAL_START_RUN,
  review: YOKAIEVAL_REVIEW,
  exports: {
    plain: (state, format) => exportYokaiRun(state, format),
    adjudicated: exportYokaiEvalAdjudicated,
  },
  report: YOKAIEVAL_REPORT,
  guidelines: YOKAIEVAL_GUIDELINES,
  promptDocument: yokaiEvalPromptDocument,
  judge: YOKAIEVAL_JUDGE,
  importers: [
    {
      kind: 'yokaieval-official',
      fileDescription: 'An official YokaiEval results file (results/*.json)',
      filters: { 'YokaiEval results': ['json'] },
      run: (file, outDir, { sources, modelName }) => importOfficialYokaiEval(file, outDir, sources, modelName),
    },
  ],
};
