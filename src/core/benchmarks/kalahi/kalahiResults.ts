import { type RunManifest } from '../../runs/runManifest';
import { runPaths } from '../../runs/runFolder';
import { UserError } from '../../util/errors';
import { readJsonl } from '../../util/jsonlReader';
import { type KalahiResultLine, KalahiResultLineSchema } from './resultParts';

/**
 * The current (last) result of each item of a Kalahi run, every line validated with the strict schemas of
 * its mc and open parts; a bad line is an error naming the file, line and field.
 */
export function readKalahiResults(dir: string, manifest: RunManifest): Map<string, KalahiResultLine> {
  const paths = runPaths(dir);
  const { records } = readJsonl(paths.results, KalahiResultLineSchema);
  const known = new Set(manifest.dataset.itemIds);
  const byItem = new Map<string, KalahiResultLine>();
  for (const { value, line } of records) {
    if (!known.has(value.itemId))
      throw new UserError(`${paths.results} line ${line}, field "itemId": "${value.itemId}" is not an item of this run`);
    byItem.set(value.itemId, value);
  }
  return byItem;
}
