import type * as z from 'zod';
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
  /** Facets of an item for filters and per-facet statistics, in the order reports show them. */
  readonly facets: FacetParts;
  /**
   * Its own hallucination categories, in the flag menu's order: the only ones its items take (an
   * adjudication event naming another is a skipped line).
   */
  readonly hallucinationCategories: readonly HallucinationCategoryDefinition[];
  /** The stages an item's error may name (results.jsonl `error.stage`): where in its evaluation an item failed. */
  readonly errorStages: readonly string[];
  /** Who gives the automatic verdict, as agreement tables name their rows ('judge' for an LLM judge). */
  readonly automaticRater: string;
}

export interface FacetParts {
  readonly names: readonly string[];
  /** An item's facets from its result line's inputs; inputs without them give no facets. */
  of(inputs: unknown): Record<string, string>;
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
