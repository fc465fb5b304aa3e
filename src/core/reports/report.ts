import { basename } from 'node:path';
import { type AdjudicatedScore } from '../adjudication/adjudicatedScore';
import { type LogProblem } from '../adjudication/adjudicationLog';
import { loadRunState, type RunState } from '../adjudication/runState';
import { type AutomaticScore, automaticScore } from '../runs/automaticSummary';
import { type ModelRecord } from '../runs/runManifest';
import { type Interval } from '../stats/interval';
import { TOOL_VERSION } from '../version';
import { type AccuracyEstimate, type EstimateOptions } from '../judgeValidation/estimate';
import { facetNames } from '../judgeValidation/facets';
import { type ConflictingItem, type InterAnnotatorAgreement, conflictingItems } from '../judgeValidation/interAnnotator';
import { itemRecords } from '../judgeValidation/itemRecords';
import { type JudgeComparison } from '../judgeValidation/judgeComparison';
import {
  type AnnotatorAgreement,
  type FacetAgreement,
  type JudgeHumanAgreement,
  automaticRater,
  judgeHumanByFacet,
  judgePerAnnotator,
} from '../judgeValidation/judgeHuman';
import { type MetricAgreement } from '../judgeValidation/metricHuman';
import { benchmarkOf } from '../benchmarks/registry';
import { RUN_REGISTRY } from '../benchmarks/runRegistry';
import { type MethodNote, methodNotes } from './methodNotes';
import { reportWordsOf } from './reportWords';
import { type SampleStatus, validationSummary } from '../judgeValidation/validationSummary';
import { type StabilitySummary } from '../judgeValidation/stability';
import { withoutMachinePaths } from '../util/machinePaths';
import { isGraded, scaleOf } from '../scale/verdictScale';
import { gradedMethodNotes } from './gradedMethodNotes';
import { gradedInputOf } from '../judgeValidation/gradedRecords';
import { type GradedValidation, gradedValidation } from '../judgeValidation/gradedValidation';

export interface RunProvenance {
  readonly id: string;
  /** The run folder's name (never its path: a report is made to be shared). */
  readonly dir: string;
  readonly benchmark: string;
  readonly task: string;
  readonly status: string;
  readonly model: string | null;
  readonly modelRecord: ModelRecord | null;
  readonly judgeRecord: ModelRecord | null;
  readonly dataset: {
    readonly name: string;
    readonly repository: string;
    readonly commit: string;
    readonly files: readonly { readonly path: string; readonly sha256: string; readonly license: string }[];
    readonly items: number;
  };
  readonly settings: Readonly<Record<string, unknown>>;
  readonly toolVersion: string;
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly importedFrom: unknown;
  readonly sourceRun: unknown;
}

/**
 * Every validation figure of a run as one plain JSON object: what `report` writes and what the webview's
 * Statistics view draws (call buildValidationReport(dir), or validationReport(state) on a loaded run).
 */
export interface ValidationReport {
  readonly formatVersion: 1;
  readonly generatedAt: string;
  readonly toolVersion: string;
  readonly run: RunProvenance;
  readonly items: number;
  readonly automatic: AutomaticScore & { readonly ci: Interval | null };
  readonly adjudicated: AdjudicatedScore & { readonly estimate: AccuracyEstimate };
  readonly agreement: {
    readonly judgeHuman: JudgeHumanAgreement;
    /** Facet name (type, region / category, topic) to one agreement per value. */
    readonly judgeHumanByFacet: Readonly<Record<string, readonly FacetAgreement[]>>;
    /** The judge against each annotator's own decisions. */
    readonly judgePerAnnotator: readonly AnnotatorAgreement[];
    /** Human–human agreement: the ceiling for judge–human agreement. */
    readonly interAnnotator: InterAnnotatorAgreement;
    readonly sourceJudge: JudgeComparison | null;
  };
  /** Kalahi open-ended: each metric's acc against the final human verdict (empty for YokaiEval). */
  readonly metricsVersusHuman: readonly MetricAgreement[];
  /** The consensus view: items whose annotators disagree and no adjudicator has settled. */
  readonly conflicts: readonly ConflictingItem[];
  readonly stability: StabilitySummary | null;
  readonly sample: SampleStatus | null;
  /**
   * A graded run's figures (run.json `scale` ordinal or numeric): weighted kappa linear and quadratic, the
   * confusion over levels, mean difference and mean absolute difference, alpha ordinal and interval, and the
   * estimate of the mean score, per item and per criterion. Absent on a binary run.
   */
  readonly graded?: GradedValidation;
  readonly methods: readonly MethodNote[];
  readonly problems: readonly LogProblem[];
}

export function buildValidationReport(dir: string, now: Date = new Date(), options: EstimateOptions = {}): ValidationReport {
  return validationReport(loadRunState(dir, RUN_REGISTRY), now, options);
}

export function validationReport(state: RunState, now: Date = new Date(), options: EstimateOptions = {}): ValidationReport {
  const { manifest } = state;
  const records = itemRecords(state);
  const summary = validationSummary(state, records, options);
  const rows = automaticRater(state.basics);
  const imported = typeof manifest['importedModel'] === 'string' ? manifest['importedModel'] : null;
  const scale = scaleOf(manifest);
  const graded = isGraded(scale) ? gradedValidation(gradedInputOf(state, scale), options) : undefined;
  const words = reportWordsOf(manifest.benchmark);
  return {
    formatVersion: 1,
    generatedAt: now.toISOString(),
    toolVersion: TOOL_VERSION,
    run: {
      id: manifest.id,
      dir: basename(state.paths.dir),
      benchmark: manifest.benchmark,
      task: manifest.task,
      status: manifest.status,
      model: manifest.model?.name ?? imported,
      modelRecord: withoutMachinePaths(manifest.model),
      judgeRecord: withoutMachinePaths(manifest.judge),
      dataset: {
        name: manifest.dataset.name,
        repository: manifest.dataset.repository,
        commit: manifest.dataset.commit,
        files: manifest.dataset.files.map((f) => ({ path: f.path, sha256: f.sha256, license: f.license })),
        items: manifest.dataset.datasetItems,
      },
      settings: withoutMachinePaths(manifest.settings),
      toolVersion: manifest.toolVersion,
      startedAt: manifest.startedAt,
      finishedAt: manifest.finishedAt,
      importedFrom: withoutMachinePaths(manifest.importedFrom ?? null),
      sourceRun: withoutMachinePaths(manifest['sourceRun'] ?? null),
    },
    items: records.length,
    automatic: { ...automaticScore(manifest, state.current), ci: summary.automaticCI },
    adjudicated: { ...state.adjudicatedScore(), estimate: summary.estimate },
    agreement: {
      judgeHuman: summary.agreement.judgeHuman,
      judgeHumanByFacet: Object.fromEntries(facetNames(state.basics).map((facet) => [facet, judgeHumanByFacet(records, facet, rows)])),
      judgePerAnnotator: judgePerAnnotator(records, rows),
      interAnnotator: summary.agreement.interAnnotator,
      sourceJudge: summary.agreement.sourceJudge ?? null,
    },
    metricsVersusHuman: benchmarkOf(manifest.benchmark).report?.metricsVersusHuman?.(records) ?? [],
    conflicts: conflictingItems(records),
    stability: summary.stability,
    sample: summary.sample,
    ...(graded === undefined ? {} : { graded }),
    methods:
      graded === undefined ? methodNotes(summary.estimate, summary.agreement.interAnnotator, words) : gradedMethodNotes(graded, words),
    // Each names its file by path: the run folder's name is enough.
    problems: state.problems.map((p) => ({ ...p, message: p.message.split(state.paths.dir).join(basename(state.paths.dir)) })),
  };
}
