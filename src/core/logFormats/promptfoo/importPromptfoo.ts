import { readFileSync } from 'node:fs';
import { type Importer } from '../../contract/benchmark';
import { writeForeignRun } from '../foreignRunFolder';
import { promptfooImport } from './promptfooItems';
import { readPromptfooResults } from './promptfooResults';

/** `import promptfoo results.json --out DIR [--score NAME]`: what `promptfoo eval -o results.json` writes. */
export const PROMPTFOO_IMPORT: Importer = {
  kind: 'promptfoo',
  fileDescription: 'promptfoo results (promptfoo eval -o results.json)',
  filters: { 'promptfoo results': ['json'] },
  options: { score: { type: 'string' } },
  help: `import promptfoo RESULTS.json --out DIR [--score NAME]
  promptfoo's results file (promptfoo eval -o results.json, results version 3) as a run folder: one item per
  test and prompt (key testIdx/promptIdx), in the file's order. The automatic verdict is the result's pass
  (--score names an assertion's component, "1. contains", or a named score instead); a provider error is an
  error item. The pass rate shown is promptfoo's: successes / (successes + failures + errors).
  --score score grades each result by its numeric score (a number scale, 0..1 for promptfoo's weighted
  scores, passing from the tests' threshold when they share one); a named score with numbers other than
  1 and 0 is graded likewise. The mean score is compared with promptfoo's (metrics.score over its tests).`,
  run: (file, outDir, { options }) => {
    const bytes = readFileSync(file);
    const { imported, notes } = promptfooImport(
      readPromptfooResults(bytes, file),
      { path: file, bytes, role: 'log' },
      options?.['score'] === undefined ? {} : { score: options['score'] },
    );
    const written = writeForeignRun(outDir, imported);
    return Promise.resolve({ paths: written.paths, imported: imported.lines.length, missing: [], notes: [...written.notes, ...notes] });
  },
};
