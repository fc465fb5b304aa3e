import { type Importer } from '../../contract/benchmark';
import { writeForeignRun } from '../foreignRunFolder';
import { readInspectLog } from './inspectLog';
import { inspectImport } from './inspectItems';

/**
 * `import inspect LOG.eval|LOG.json --out DIR [--score NAME]`: the whole log is read and checked before
 * anything is written, an .eval one member at a time from the file (it is never held whole in memory).
 */
export const INSPECT_IMPORT: Importer = {
  kind: 'inspect',
  fileDescription: 'Inspect AI log (.eval or .json)',
  filters: { 'Inspect AI logs': ['eval', 'json'] },
  options: { score: { type: 'string' } },
  help: `import inspect LOG.eval|LOG.json --out DIR [--score NAME]
  An Inspect AI log (what \`inspect eval\` writes) as a run folder: one item per sample and epoch, in
  Inspect's order (epoch, then id). --score names the score that gives the automatic verdict (default: the
  first of the log's results). C true; I and N false; booleans; 1 and 0. A score with partial credit
  (P) is graded on C/P/I at Inspect's values (I 0, P 0.5, C 1; N 0); one with other numbers is graded by
  the number (whole ratings within 1..10, as MT-Bench's, on a 1-5 or 1-10 rating scale; others on 0..1,
  0..10 or 0..100); its mean grade is compared with the log's accuracy or mean. A copy of the log is
  kept in the folder's source/ for the write-back (export --format inspect).`,
  run: (file, outDir, { options }) => {
    const log = readInspectLog(file, 'shown');
    const { imported, notes, missing } = inspectImport(
      log,
      { path: file, role: 'log' },
      options?.['score'] === undefined ? {} : { score: options['score'] },
    );
    const written = writeForeignRun(outDir, imported);
    return Promise.resolve({ paths: written.paths, imported: imported.lines.length, missing, notes: [...written.notes, ...notes] });
  },
};
