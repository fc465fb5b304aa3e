import * as z from 'zod';
import { InputError } from '../util/errors';
import { type BenchmarkManifest } from '../data/manifest';

/**
 * What the lowest floors (run.json, results.jsonl, the results index) need to know of a benchmark: its
 * identity and the shape of every result line's inputs. The full interface (benchmark.ts) extends it.
 */
export interface BenchmarkBasics {
  /** The run.json `benchmark` value and the CLI's `run ID`; lowercase letters, digits and dashes. */
  readonly id: string;
  readonly title: string;
  /** Items in the full dataset (Start Run offers the first N of them). */
  readonly items: number;
  /** BCP 47 tag of the items' language (the review shows texts with it). */
  readonly language: string;
  /** Where the official data comes from (pinned commit, sha256, license); null for a benchmark with no download. */
  readonly source: BenchmarkManifest | null;
  /**
   * What every result line of the benchmark holds in `inputs` (its dataset record): a line of another
   * benchmark (a results.jsonl copied from another run) is an error naming the field.
   */
  readonly inputsSchema: z.ZodType;
  /**
   * Its facets, the one definition the review's filters, the statistics (agreement per facet) and the
   * exports read: each an input field, with its label and the order its values are listed in.
   */
  readonly facets: readonly BenchmarkFacet[];
  /**
   * Its own hallucination categories, in the flag menu's order: the only ones its items take (an
   * adjudication event naming another is a skipped line).
   */
  readonly hallucinationCategories: readonly HallucinationCategoryDefinition[];
  /** The stages an item's error may name (results.jsonl `error.stage`): where in its evaluation an item failed. */
  readonly errorStages: readonly string[];
  /** Who gives the automatic verdict: an LLM judge (or its published verdicts), or a similarity metric's acc. */
  readonly verdictBy: 'judge' | 'metric';
}

/** A facet of an item, as filters and statistics label and order it. */
export interface BenchmarkFacet {
  readonly id: string;
  readonly label: string;
  /** The order its values are listed in (others after them); none: as they come. */
  readonly order?: readonly string[];
  /** The item's value from its result line's inputs (undefined: none); none given: the input field of the same id, when a string. */
  readonly read?: (inputs: Readonly<Record<string, unknown>>) => string | undefined;
}

/** An item's facets from its result line's inputs: each facet that has a value. */
export function facetValuesOf(facets: readonly BenchmarkFacet[], inputs: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof inputs !== 'object' || inputs === null) return values;
  const record = inputs as Readonly<Record<string, unknown>>;
  for (const facet of facets) {
    const raw = record[facet.id];
    const value = facet.read === undefined ? (typeof raw === 'string' ? raw : undefined) : facet.read(record);
    if (value !== undefined) values[facet.id] = value;
  }
  return values;
}

/** A hallucination category a benchmark declares: its id in adjudications.jsonl, its words in menus and charts. */
export interface HallucinationCategoryDefinition {
  /** Lowercase words joined by dashes, as events and CSV files name it. */
  readonly id: string;
  /** A short name (charts, the flag shown on an item). */
  readonly label: string;
  /** What it covers, said after the label in the flag menu (none: the label alone). */
  readonly description?: string;
}

/** A benchmark id as run.json holds it: lowercase words joined by dashes (which ids are registered, the registry says). */
export const BenchmarkIdSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a benchmark id: lowercase letters and digits joined by dashes');

/**
 * The registered benchmarks as the floors that read a run folder see them. The registry sits above these
 * floors (the benchmarks use them), so it hands them this lookup (src/core/benchmarks/registryBasics.ts).
 */
export interface BenchmarkLookup {
  /** Every registered id, in the registry's order. */
  ids(): readonly string[];
  /** A registered benchmark's basics; undefined for an id none has. */
  basicsOf(id: string): BenchmarkBasics | undefined;
}

/** A run's benchmark's basics, or an error naming run.json's field and the registered ids. */
export function basicsOfRun(lookup: BenchmarkLookup, benchmark: string, manifestFile: string): BenchmarkBasics {
  const basics = lookup.basicsOf(benchmark);
  if (basics !== undefined) return basics;
  const ids = lookup
    .ids()
    .map((id) => JSON.stringify(id))
    .join('|');
  throw new InputError({ file: manifestFile, field: 'benchmark' }, `expected one of ${ids}, got ${JSON.stringify(benchmark)}`);
}
