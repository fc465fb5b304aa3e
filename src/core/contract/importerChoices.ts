import { type Benchmark, type Importer } from './benchmark';

/** One entry of Import Official Results…'s picker: an importer, the benchmark it makes runs of, its file filters. */
export interface ImporterChoice {
  readonly label: string;
  readonly description: string;
  readonly importer: Importer;
}

/** Every importer of every benchmark, in the registry's order, each with its file filters named. */
export function importerChoices(benchmarks: readonly Benchmark[]): ImporterChoice[] {
  return benchmarks.flatMap((benchmark) =>
    (benchmark.importers ?? []).map((importer) => ({
      label: importer.fileDescription,
      description: `${benchmark.title} · ${Object.values(importer.filters)
        .flat()
        .map((ext) => `.${ext}`)
        .join(', ')}`,
      importer,
    })),
  );
}

/** An imported run's folder name: the importer's kind and the file's name without its extension. */
export function importedRunName(importer: Importer, fileName: string): string {
  return `${importer.kind}-${fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.(json|jsonl|eval)$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')}`;
}
