import { type Benchmark } from '../../contract/benchmark';
import { foreignBenchmark } from '../foreignBenchmark';
import { LM_EVAL_BASICS } from './basics';
import { LM_EVAL_IMPORT } from './importLmEval';

/** lm-evaluation-harness sample logs: imported and adjudicated. */
export const LM_EVAL: Benchmark = foreignBenchmark({
  basics: LM_EVAL_BASICS,
  description: 'lm-evaluation-harness samples (--log_samples), imported',
  importer: LM_EVAL_IMPORT,
  verdictRule:
    'the per-sample metric (acc, exact_match, …): 1 true, 0 false; a metric with other numbers (f1, bleu_max, mae…) graded by its number',
});
