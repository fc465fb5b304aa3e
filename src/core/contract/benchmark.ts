import type * as z from 'zod';
import { type ItemDetail } from '../protocol/review';
import { type AdjudicationCells } from '../adjudication/adjudicationCells';
import { type RunState } from '../adjudication/runState';
import { type ChatMessage } from '../model/chatClient';
import { type ResolveOptions } from '../data/resolveSourceFile';
import { type ExportFormat } from '../runs/exportFormat';
import { type ClientEnvironment } from '../runs/modelSpec';
import { type ResultLine } from '../runs/resultLine';
import { type RunKeys } from '../runs/runSession';
import { type RunManifest } from '../runs/runManifest';
import { type RunSummary } from '../summary/runSummary';
import { type SourceFigure } from '../runs/sourceFigure';
import { type MetricAgreement } from '../judgeValidation/metricHuman';
import { type ItemRecord } from '../judgeValidation/itemRecords';
import { type BenchmarkRank } from '../judgeValidation/queueOrders';
import { type BenchmarkRunCli } from '../commandLine/benchmarkRunCli';
import { type StartRunSteps } from '../startRunSteps/startRunUi';
import { type BenchmarkBasics } from '../runs/benchmarkBasics';

/**
 * One benchmark: everything the generic code (runs, review, validation, export, CLI, extension) needs to
 * know of it. Each lives in its own folder, src/core/benchmarks/<id>/, and is listed in registry.ts;
 * nothing outside its folder names it.
 */
export interface Benchmark extends BenchmarkBasics {
  /** One line for Start Run's benchmark picker (none: its title alone). */
  readonly description?: string;
  /** The one schema of its result lines (the common fields and its own parts), imported wherever they are read. */
  readonly resultLineSchema: z.ZodType<ResultLine>;
  /** The CLI's `run <id>`: its options, help, defaults, and how it makes or reopens a session. */
  /** (none: its runs are imported, never run; `run` does not offer it). */
  readonly runCli?: BenchmarkRunCli;
  /** The extension's Start Run… steps after the benchmark pick (none: Start Run does not offer it; `run <id>` still runs it). */
  readonly startRun?: StartRunSteps;
  readonly review: ReviewParts;
  readonly exports: ExportParts;
  /** What its run summary adds to the common one (none: the common summary only). */
  readonly summary?: SummaryParts;
  /** How reports word its automatic verdicts (none: by who gives them) and its metric tables. */
  readonly report?: ReportParts;
  /** What the automatic verdicts came from, to read beside an item (a judge template, scoring settings); none: the run's settings. */
  promptDocument?(dir: string, manifest: RunManifest, sources: ResolveOptions): Promise<PromptDocument>;
  /** How files become run folders of it (`import <kind> FILE`, Import Official Results…); none: runs only. */
  readonly importers?: readonly Importer[];
  /** Its annotation guidelines (Markdown), opened from the review (key g) unless a team sets its own file. */
  readonly guidelines?: string;
  /** Its LLM judge, which `rejudge` can replace and `stability` can re-ask (none: verdicts come otherwise). */
  readonly judge?: LlmJudge;
  /** `export RUNDIR --format <format>`: the human verdicts written back into a copy of an imported log. */
  readonly writeBack?: WriteBack;
}

export interface WriteBack {
  /** The `--format` that names it. */
  readonly format: string;
  /** One line for the export help. */
  readonly description: string;
  /** What the editor's export offers it as. */
  readonly label: string;
  /** The file the editor's save dialog proposes (a name, no folder), and the extensions it may have. */
  suggest(state: RunState): { readonly name: string; readonly extensions: readonly string[] };
  write(
    state: RunState,
    out: string,
    options: { readonly source?: string },
  ): { readonly edited: number; readonly notes: readonly string[] };
}

/**
 * One way a file becomes a run folder (`import <kind> FILE`, Import Official Results…): a benchmark's
 * published results, or another framework's log. A benchmark may have several.
 */
export interface Importer {
  /** The kind `import` names, and the prefix of an imported run's folder name. */
  readonly kind: string;
  /** What the file is: the Import picker's label and the file dialog's title. */
  readonly fileDescription: string;
  /** File-dialog filters: a label and the extensions (no dot) it offers. */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** Its own `import` options beyond --out, --name, --model, --data (`--score`, `--results`…). */
  readonly options?: Readonly<Record<string, { readonly type: 'string' }>>;
  /** One paragraph for the import help. */
  readonly help?: string;
  run(file: string, outDir: string, context: ImportContext): Promise<ImportOutcome>;
}

export interface ImportContext {
  readonly sources: ResolveOptions;
  /** The model's name when the file does not say it. */
  readonly modelName?: string | undefined;
  /** Its own options' values, by name. */
  readonly options?: Readonly<Record<string, string | undefined>>;
  /** Cancels a long import before anything is written (an importer checks it between steps). */
  readonly signal?: AbortSignal | undefined;
  /** Told what a long import is doing ("read 4 000 of 10 000 samples"). */
  readonly onProgress?: ((message: string) => void) | undefined;
}

export interface ImportOutcome {
  readonly paths: { readonly dir: string };
  readonly imported: number;
  readonly missing: readonly string[];
  readonly notes?: readonly string[];
}

export interface LlmJudge {
  /** The judge model and parameters used when none is named or recorded. */
  readonly defaults: {
    readonly model: string;
    readonly temperature: number | null;
    readonly topP: number | null;
    readonly maxTokens: number | null;
  };
  /** The official judge template, resolved like the data. */
  officialTemplate(sources: ResolveOptions): Promise<string>;
  /** Throws when a template cannot be filled (an unknown placeholder…). */
  checkTemplate(template: string): void;
  /** The judge's messages for a result line of the run, filled from a template as the run does (files: for errors). */
  messagesFor(
    manifest: RunManifest,
    files: { readonly manifest: string; readonly results: string },
  ): (line: ResultLine, template: string) => ChatMessage[];
  /** The judge's reply as a verdict, by the benchmark's rule. */
  parseVerdict(reply: string): boolean | null;
}

/** What a run session needs whatever the benchmark: data, clients' pool and cache, keys. */
export interface SessionEnvironment extends ClientEnvironment {
  readonly sources: ResolveOptions;
  readonly keys: RunKeys;
  readonly concurrency: number;
  readonly useCache: boolean;
}

export interface PromptDocument {
  /** A short name for the document's tab. */
  readonly title: string;
  readonly text: string;
  readonly language: 'plaintext' | 'markdown' | 'json';
}

/** What the item views read of run.json once (generic code fills it from the review's capabilities). */
export interface ReviewSettings {
  /** False for runs whose items take flags and notes only. */
  readonly decidable: boolean;
  /** The metric whose acc is the automatic verdict, and every metric in the run's order (no metric scoring: '' and none). */
  readonly primaryMetric: string;
  readonly metrics: readonly string[];
}

/** What a list row takes from a result line beyond its label and facets. */
export interface RowExtras {
  readonly margin: number | null;
  readonly metricAcc: Readonly<Record<string, boolean>> | undefined;
  /** MC1 and MC2 of an item with a multiple-choice part, for the header's means. */
  readonly mc: { readonly mc1: number; readonly mc2: number } | undefined;
}

/** The parts of an item's detail every benchmark shares (who decided what). */
export type DetailCommon = Pick<ItemDetail, 'id' | 'auto' | 'error' | 'annotators' | 'mine' | 'final' | 'conflict' | 'canUndo'>;

/** What an item's detail is drawn with beside its line: the run's settings, and the review aid's text for it. */
export interface DetailContext {
  readonly settings: ReviewSettings;
  /** The review aid's text for the item (an English gloss), once the aid is loaded; null: none. */
  readonly aidText: string | null;
}

/**
 * The review: the detail is required (a `texts` detail of labelled fields needs no webview change); the rest
 * are capabilities with generic defaults.
 */
export interface ReviewParts {
  /** The item's detail; undefined when the line is not one of this benchmark's (the generic detail is shown). */
  detail(common: DetailCommon, line: ResultLine | undefined, context: DetailContext): ItemDetail | undefined;
  /** The text a list row is labelled with (shortened by the list); none or undefined: the question or prompt input. */
  labelText?(inputs: Readonly<Record<string, unknown>>): string | undefined;
  /** The item's searchable texts (the aid's text is added); none or undefined: its string inputs and the response. */
  searchTexts?(line: ResultLine): string[] | undefined;
  /** Short names of its tasks for the header and the tab's title; none: the header does not name the task. */
  readonly taskTitles?: Readonly<Record<string, string>>;
  /** Whether a run's items take verdicts (none: they always do); when present the score header says so. */
  decidable?(manifest: RunManifest): boolean;
  /** Similarity metrics whose acc gives the verdict (none: no metric columns, margins or header metrics). */
  readonly metrics?: MetricScoring;
  /** A multiple-choice part scored by log-probs (none: no MC means in the header). */
  readonly multipleChoice?: MultipleChoiceScoring;
  /** Its own signals for the informative review order (none: nulls, errors, then dataset order). */
  informativeRank?(settings: ReviewSettings): BenchmarkRank;
  /** Extra help for reviewing (English glosses…), loaded once and optional: a failure only logs. */
  readonly aid?: { load(sources: ResolveOptions): Promise<ReviewAid> };
}

export interface MetricScoring {
  /** The run's primary metric and every metric in the run's order, from run.json. */
  of(manifest: RunManifest): { readonly primary: string; readonly metrics: readonly string[] };
  /** How the review header says the primary metric gives the verdict; `{metric}` stands for its name. */
  readonly verdictWords: string;
  /** A line's margin (the primary metric's diff; null: none) and each metric's acc (undefined: not scored). */
  rowParts(line: RowLine, primary: string): Pick<RowExtras, 'margin' | 'metricAcc'>;
}

export interface MultipleChoiceScoring {
  /** MC1, MC2 and the margin of a line with a multiple-choice part (undefined: none). */
  of(line: RowLine): { readonly mc1: number; readonly mc2: number; readonly margin: number | null } | undefined;
}

/** What a row reads of a result line: its id and inputs, and its benchmark's own parts (any object with the line's fields). */
export type RowLine = { readonly itemId: string; readonly inputs: Readonly<Record<string, unknown>> };

/** A review aid, loaded once per data directory: a text to show beside an item (an English gloss), or null. */
export interface ReviewAid {
  textOf(line: ResultLine): string | null;
}

export interface ExportParts {
  /** `export RUNDIR`: one row per item, in dataset order, from the run as generic code read it. */
  plain(state: RunState, format: ExportFormat): string;
  /** `export --adjudicated`: the automatic verdict beside the human one (cellsOf gives the human side). */
  adjudicated(state: RunState, format: ExportFormat, cellsOf: (itemId: string) => AdjudicationCells): string;
}

export interface SummaryParts {
  /** The summary with its own parts added (read from the run folder); none: the common summary. */
  extend?(summary: RunSummary, state: RunState): RunSummary;
  /** Its own lines of the printed summary; none: the common lines. */
  lines?(summary: RunSummary): string[];
  /**
   * A graded run's task figure as the source defines it (its name, rule, groups), computed from the judge's
   * and from the adjudicated grades into the summary (`graded.figure`) and the adjudicated exports; none:
   * the mean grade is the run's figure.
   */
  readonly figure?: SourceFigure;
}

export interface ReportParts {
  /** The title of its validation report and Statistics view: what they validate ("Judge validation"). */
  readonly title: string;
  /** How the report names the automatic verdict of a run without a judge record. */
  readonly automaticVerdictText: string;
  /** Who gives the automatic verdict, as running text names it ("judge", "metric", "scorer"); default from verdictBy. */
  readonly rater?: string;
  /** How it words re-asking its automatic rater (none: its verdicts are not re-asked; no stability card or note). */
  readonly stability?: StabilityWords;
  /** Each metric's acc against the final human verdict (none: no metrics). */
  metricsVersusHuman?(records: readonly ItemRecord[]): MetricAgreement[];
}

/** How a benchmark whose rater can be re-asked words its stability (`eval-adjudicator stability`). */
export interface StabilityWords {
  /** The card's and the section's title ("Judge stability"). */
  readonly title: string;
  /** What measures it, said while it is not measured. */
  readonly howToMeasure: string;
  /** The method note. */
  readonly method: string;
}
