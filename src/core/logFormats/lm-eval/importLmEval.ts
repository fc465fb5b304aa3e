import { readFileSync } from 'node:fs';
import { type Importer } from '../../contract/benchmark';
import { writeForeignRun } from '../foreignRunFolder';
import { checkResultsMatch, readResults, readSamples, taskOfSamples } from './lmEvalFiles';
import { lmEvalImport } from './lmEvalItems';

/** `import lm-eval samples_TASK_DATE.jsonl [--results results_DATE.json] --out DIR [--score METRIC]`. */
export const LM_EVAL_IMPORT: Importer = {
  kind: 'lm-eval',
  fileDescription: 'lm-evaluation-harness samples (samples_<task>_<date>.jsonl of --log_samples)',
  filters: { 'lm-eval samples': ['jsonl'] },
  options: { score: { type: 'string' }, results: { type: 'string' }, task: { type: 'string' } },
  help: `import lm-eval samples_TASK_DATE.jsonl [--results results_DATE.json] [--task NAME] --out DIR [--score METRIC]
  What lm_eval --log_samples --output_path writes: one item per doc (per doc and filter when there are
  several), in the file's order. The verdict is the per-sample metric (--score; default the first, acc,
  exact_match, …): 1 true, 0 false. A metric with other numbers (f1, bleu_max, mae…) is graded: each
  sample's number is its grade on a number scale (0..1, 0..10, 0..100, or from minus to plus that bound,
  the smallest holding every value). With --results, the file must be the same run (the task, n-samples,
  task_hashes) and its "<metric>,<filter>" figure is shown beside the tool's: compared when lm-eval's
  aggregation of the metric is the mean, else (f1, bleu, median…) shown beside the per-sample mean.`,
  run: (file, outDir, { options }) => {
    const resultsFile = options?.['results'];
    const resultsBytes = resultsFile === undefined ? null : readFileSync(resultsFile);
    const results = resultsFile === undefined || resultsBytes === null ? null : readResults(resultsBytes, resultsFile);
    const task = taskOfSamples(
      file,
      options?.['task'],
      results === null || resultsFile === undefined ? null : { file: resultsFile, read: results },
    );
    const samplesBytes = readFileSync(file);
    const samples = readSamples(samplesBytes, file);
    if (results !== null && resultsFile !== undefined) checkResultsMatch(results, samples, task, { samples: file, results: resultsFile });
    const sources = [
      { path: file, bytes: samplesBytes, role: 'log' },
      ...(resultsFile === undefined || resultsBytes === null ? [] : [{ path: resultsFile, bytes: resultsBytes, role: 'results' }]),
    ];
    const { imported, notes } = lmEvalImport(
      samples,
      results,
      task,
      sources,
      options?.['score'] === undefined ? {} : { score: options['score'] },
    );
    const written = writeForeignRun(outDir, imported);
    return Promise.resolve({ paths: written.paths, imported: imported.lines.length, missing: [], notes: [...written.notes, ...notes] });
  },
};
