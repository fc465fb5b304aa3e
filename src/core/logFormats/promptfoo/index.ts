import { type Benchmark } from '../../contract/benchmark';
import { foreignBenchmark } from '../foreignBenchmark';
import { PROMPTFOO_BASICS } from './basics';
import { PROMPTFOO_IMPORT } from './importPromptfoo';

/** promptfoo results files: imported and adjudicated (no write-back: promptfoo keeps one human rating). */
export const PROMPTFOO: Benchmark = foreignBenchmark({
  basics: PROMPTFOO_BASICS,
  description: 'a promptfoo results file (promptfoo eval -o results.json), imported',
  importer: PROMPTFOO_IMPORT,
  verdictRule:
    "the result's pass (true/false); an assertion's pass, or a named score 1/0, with --score; --score score grades by the result's score",
});
