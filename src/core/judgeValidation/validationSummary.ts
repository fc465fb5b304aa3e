import { resolve } from 'node:path';
import { loadRunState, type RunState } from '../adjudication/runState';
import { type Interval } from '../stats/interval';
import { wilsonInterval } from '../stats/wilson';
import { type AccuracyEstimate, type EstimateOptions, estimateAccuracy } from './estimate';
import { type InterAnnotatorAgreement, interAnnotatorAgreement } from './interAnnotator';
import { type ItemRecord, itemRecords } from './itemRecords';
import { type JudgeComparison, compareJudges } from './judgeComparison';
import { type JudgeHumanAgreement, automaticRater, judgeHumanAgreement } from './judgeHuman';
import { sourceRunOf } from './sourceRun';
import { type SampleRecord, currentSample } from './sample';
import { type StabilitySummary, currentStability, summarizeStability } from './stability';

export interface SampleStatus {
  readonly id: string;
  readonly seed: number;
  readonly n: number;
  /** Items drawn, and those that have a final human verdict by now. */
  readonly drawn: number;
  readonly decided: number;
}

/** What `summary` adds to a run's scores (plain JSON): agreement, the accuracy estimate, stability, sample. */
export interface ValidationSummary {
  /** Wilson interval of the automatic accuracy (true / items). */
  readonly automaticCI: Interval | null;
  readonly estimate: AccuracyEstimate;
  readonly agreement: {
    readonly judgeHuman: JudgeHumanAgreement;
    readonly interAnnotator: InterAnnotatorAgreement;
    /** Only for a re-judged run: its judge against its source run's judge (null when the source is unreadable). */
    readonly sourceJudge?: JudgeComparison | null;
  };
  readonly stability: StabilitySummary | null;
  readonly sample: SampleStatus | null;
}

export function validationSummary(
  state: RunState,
  records: readonly ItemRecord[] = itemRecords(state),
  options: EstimateOptions = {},
): ValidationSummary {
  const sample = currentSample(state.paths.dir);
  const correct = records.filter((r) => r.automatic === 'true').length;
  const sourceJudge = judgeComparisonOf(state, records);
  return {
    automaticCI: wilsonInterval(correct, records.length),
    estimate: estimateAccuracy(records, sample, options),
    agreement: {
      judgeHuman: judgeHumanAgreement(records, automaticRater(state.basics)),
      interAnnotator: interAnnotatorAgreement(records),
      ...(sourceJudge !== undefined ? { sourceJudge } : {}),
    },
    stability: summarizeStability(currentStability(state.paths.dir, state.current)),
    sample: sample === undefined ? null : sampleStatus(sample, records),
  };
}

function sampleStatus(sample: SampleRecord, records: readonly ItemRecord[]): SampleStatus {
  const decided = new Set(records.filter((r) => r.human !== null).map((r) => r.itemId));
  return {
    id: sample.id,
    seed: sample.seed,
    n: sample.n,
    drawn: sample.itemIds.length,
    decided: sample.itemIds.filter((id) => decided.has(id)).length,
  };
}

/** undefined for a run that was not re-judged; null when its source run cannot be read. */
function judgeComparisonOf(state: RunState, records: readonly ItemRecord[]): JudgeComparison | null | undefined {
  const source = sourceRunOf(state.manifest, state.paths.manifest);
  if (source === undefined) return undefined;
  let sourceState: RunState;
  try {
    sourceState = loadRunState(resolve(state.paths.dir, source.dir), state.registry);
  } catch {
    return null;
  }
  return compareJudges(
    { id: sourceState.manifest.id, judge: sourceState.manifest.judge?.name ?? null, records: itemRecords(sourceState) },
    { judge: state.manifest.judge?.name ?? null, records },
  );
}
