import { type Importer } from '../benchmark';
import { writeForeignRun } from '../../foreignLogs/foreignRunFolder';
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
  first of the log's results). C true; I and N false; P null (Inspect counts 0.5); booleans; 1 and 0;
  other numbers null, shown as numbers. A copy of the log is kept in the folder's source/ for the write-back
  (export --format inspect).`,
  run: (file, outDir, { options }) => {
    const log = readInspectLog(file, 'shown');
    const { imported, notes } = inspectImport(log, { path: file, role: 'log' }, options?.['score'] === undefined ? {} : { score: options['score'] });
    const written = writeForeignRun(outDir, imported);
    return Promise.resolve({ paths: written.paths, imported: imported.lines.length, missing: [], notes: [...written.notes, ...notes] });
  },
};
