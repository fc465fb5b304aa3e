import { readFileSync } from 'node:fs';
import { type Importer } from '../benchmark';
import { writeForeignRun } from '../../foreignLogs/foreignRunFolder';
import { readInspectLog } from './inspectLog';
import { inspectImport } from './inspectItems';

/** `import inspect LOG.eval|LOG.json --out DIR [--score NAME]`: the whole log is read and checked before anything is written. */
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
    const bytes = readFileSync(file);
    const log = readInspectLog(file, bytes, 'shown');
    const { imported, notes } = inspectImport(log, { path: file, bytes, role: 'log' }, options?.['score'] === undefined ? {} : { score: options['score'] });
    const paths = writeForeignRun(outDir, imported);
    return Promise.resolve({ paths, imported: imported.lines.length, missing: [], notes });
  },
};
