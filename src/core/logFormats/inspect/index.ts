import { type Benchmark } from '../../contract/benchmark';
import { foreignBenchmark } from '../foreignBenchmark';
import { INSPECT_IMPORT } from './importInspect';
import { INSPECT_BASICS } from './basics';
import { suggestInspectWriteBack, writeBackInspect } from './inspectWriteBack';

/** Inspect AI logs: imported, adjudicated, and written back as score edits. */
export const INSPECT: Benchmark = foreignBenchmark({
  basics: INSPECT_BASICS,
  description: 'an Inspect AI evaluation log (.eval or .json), imported',
  importer: INSPECT_IMPORT,
  verdictRule:
    'C true, I and N false; booleans; 1 true, 0 false; a score with P graded on C/P/I (I 0, P 0.5, C 1), one with other numbers by its number',
  writeBack: {
    format: 'inspect',
    description: 'a copy of the source Inspect log with the human verdicts as score edits (--out NEW.eval|NEW.json, --source FILE)',
    label: 'Inspect log with the human verdicts as score edits',
    suggest: suggestInspectWriteBack,
    write: (state, out, options) => writeBackInspect(state, out, options.source),
  },
});
