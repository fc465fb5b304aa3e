import { join, resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { dataDirFrom } from '../../core/data/resolveSourceFile';
import { userCacheDir } from '../../core/data/cacheDir';
import { type Importer } from '../../core/contract/benchmark';
import { importedRunName } from '../../core/contract/importerChoices';
import { registeredBenchmarks } from '../../core/benchmarks/registry';
import { type CliIo } from '../../core/commandLine/io';
import { flag, parseOptions, stringOption } from '../../core/commandLine/options';

export const IMPORT_HELP = `Usage: eval-adjudicator import KIND FILE --out DIR [--name NAME] [--model NAME] [--data DIR] [KIND's options]

import yokaieval-official FILE --out DIR

Turns an official YokaiEval results file (results/*.json of CyberAgentAILab/YokaiEval) into a run folder
DIR/NAME (default NAME: yokaieval-official-<file name>), ready to review. Records are matched to dataset
items by question text (the two official wordings read as one) and choices in order, never by position;
dataset items absent from the file count as missing, so the denominator stays 810.
Prints the run folder's path as the last line of stdout.
`;

/** Every importer of every registered benchmark, in the registry's order. */
const importersOf = (): Importer[] => registeredBenchmarks().flatMap((b) => b.importers ?? []);

export function importHelp(): string {
  const own = importersOf().flatMap((i) => (i.help === undefined ? [] : [`\n${i.help}\n`]));
  return `${IMPORT_HELP}${own.join('')}`;
}

export async function importCommand(args: readonly string[], io: CliIo): Promise<number> {
  const importers = importersOf();
  const own = Object.assign({}, ...importers.map((i) => i.options ?? {})) as Record<string, { type: 'string' }>;
  const parsed = parseOptions('import', args, {
    out: { type: 'string' },
    name: { type: 'string' },
    model: { type: 'string' },
    data: { type: 'string' },
    'cache-dir': { type: 'string' },
    ...own,
  });
  if (flag(parsed, 'help')) {
    io.stdout(importHelp());
    return 0;
  }
  const [kind, file, ...extra] = parsed.positionals;
  const importer = importers.find((i) => i.kind === kind);
  if (importer === undefined)
    throw new UsageError(
      `import: the first argument names the kind of file: ${importers.map((i) => i.kind).join(', ')}, not "${kind ?? ''}"`,
    );
  if (file === undefined) throw new UsageError('import: missing FILE');
  if (extra.length > 0) throw new UsageError(`import: unexpected argument "${extra[0] ?? ''}"`);
  const out = stringOption(parsed, 'out');
  if (out === undefined) throw new UsageError('import: --out DIR is required');
  for (const option of Object.keys(own)) {
    if (stringOption(parsed, option) !== undefined && importer.options?.[option] === undefined)
      throw new UsageError(`import ${importer.kind}: --${option} is not one of its options`);
  }
  const model = stringOption(parsed, 'model');
  const name =
    stringOption(parsed, 'name') ??
    (model === undefined ? importedRunName(importer, file) : `${importer.kind}-${model.replace(/[^A-Za-z0-9._-]+/g, '-')}`);
  if (name.includes('/') || name.includes('\\') || name === '.' || name === '..')
    throw new UsageError('import: --name must be a plain folder name');
  const data = stringOption(parsed, 'data');
  const outcome = await importer.run(resolve(io.cwd, file), join(resolve(io.cwd, out), name), {
    sources: {
      dataDir: dataDirFrom(data === undefined ? undefined : resolve(io.cwd, data), io.env),
      cacheDir: stringOption(parsed, 'cache-dir') ?? userCacheDir(io.env),
    },
    modelName: model,
    options: Object.fromEntries(Object.keys(importer.options ?? {}).map((option) => [option, stringOption(parsed, option)])),
    signal: io.signal,
  });
  for (const note of outcome.notes ?? []) io.stderr(`${note}\n`);
  io.stderr(
    `imported ${outcome.imported} items${outcome.missing.length > 0 ? `; missing from the file: ${outcome.missing.join(', ')}` : ''}\n`,
  );
  io.stdout(`${outcome.paths.dir}\n`);
  return 0;
}
