import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AdjudicationEvent } from '../../src/core/adjudication/event';
import { type ForeignInputs } from '../../src/core/logFormats/foreignInputs';
import { type ResultLine } from '../../src/core/runs/resultLine';
import { type RunManifest } from '../../src/core/runs/runManifest';
import { type CriteriaAggregation, type CriterionResult, aggregateCriteria } from '../../src/core/scale/criteria';
import { type Grade, type GradedScale, type OrdinalScale } from '../../src/core/scale/verdictScale';
import { sha256Hex } from '../../src/core/util/hash';
import { type SyntheticRun, syntheticManifest } from './syntheticRun';

/** Five classes with values, as a criteria judge grades (the shape of SEA-HELM's kalahi-judge scale). */
export const FIVE_LEVELS: OrdinalScale = {
  kind: 'ordinal',
  levels: [
    { name: 'CLASS_UNMET', value: 0 },
    { name: 'CLASS_SLIGHTLY_MET', value: 0.25 },
    { name: 'CLASS_MODERATELY_MET', value: 0.5 },
    { name: 'CLASS_MAJORLY_MET', value: 0.75 },
    { name: 'CLASS_EXACTLY_MET', value: 1 },
  ],
};

export interface GradedRunOptions {
  /** Criteria per item (0: items graded whole); default 3. */
  readonly criteria?: number;
  readonly scale?: GradedScale;
  /** run.json criteriaAggregation; default the mean with a null criterion counted 0. */
  readonly aggregation?: CriteriaAggregation;
  /** The benchmark or log format the run is of (default promptfoo: a log format, whose exports are generic). */
  readonly benchmark?: string;
}

export interface SyntheticGradedRun extends SyntheticRun {
  readonly scale: GradedScale;
  readonly aggregation: CriteriaAggregation;
}

/** The judge's grade of criterion k (0-based) of item i: the levels in turn; item 0's criterion 2 unparsable (null). */
export function criterionGradeOf(scale: GradedScale, i: number, k: number): Grade {
  if (i === 0 && k === 1) return null;
  if (scale.kind === 'numeric') return scale.min + ((i + k) % 3) * ((scale.max - scale.min) / 2);
  return scale.levels[(i + k) % scale.levels.length]?.value ?? null;
}

/** Item i's grade when graded whole: the levels in turn, every fourth item (3, 7, …) null. */
export function itemGradeOf(scale: GradedScale, i: number): Grade {
  return i % 4 === 3 ? null : criterionGradeOf(scale, i + 1, 0);
}

export function categoryOf(i: number): string {
  return i % 2 === 0 ? 'shared knowledge' : 'ethics';
}

function inputsOf(i: number): ForeignInputs {
  return {
    sampleId: `s${i}`,
    epoch: null,
    index: i,
    conversation: [{ role: 'user', text: `situation ${i}` }],
    choices: null,
    target: '',
    scores: [],
    verdictScore: null,
    metadata: { category: categoryOf(i) },
  };
}

function lineOf(i: number, options: Required<Omit<GradedRunOptions, 'benchmark'>>): ResultLine {
  const criteria: CriterionResult[] = Array.from({ length: options.criteria }, (_, k) => {
    const grade = criterionGradeOf(options.scale, i, k);
    const level =
      grade === null
        ? 'CLASS_SOMEWHAT'
        : options.scale.kind === 'ordinal'
          ? (options.scale.levels.find((l) => l.value === grade)?.name ?? null)
          : String(grade);
    return {
      id: String(k + 1),
      text: `criterion ${k + 1} of item ${i}`,
      grade,
      level,
      reasoning: `why ${i}.${k + 1}`,
      judgeReply: `<reflection>why ${i}.${k + 1}</reflection> ${level ?? ''}`,
    };
  });
  return {
    itemId: String(i),
    itemHash: sha256Hex(`graded item ${i}`),
    time: '2025-01-01T00:00:00.000Z',
    inputs: inputsOf(i),
    prompt: null,
    response: `answer ${i}`,
    judgeReply: criteria.length > 0 ? null : `grade ${i}`,
    verdict: null,
    grade:
      criteria.length > 0
        ? aggregateCriteria(
            criteria.map((c) => c.grade),
            options.aggregation,
          )
        : itemGradeOf(options.scale, i),
    ...(criteria.length > 0 ? { criteria } : {}),
    scores: {},
    usage: null,
    latencyMs: null,
    error: null,
  };
}

/** A finished graded run folder of n items (run.json `scale` and `criteriaAggregation`; lines with `grade` and `criteria`), written directly. */
export function writeSyntheticGradedRun(dir: string, n: number, options: GradedRunOptions = {}): SyntheticGradedRun {
  mkdirSync(dir, { recursive: true });
  const full = {
    criteria: options.criteria ?? 3,
    scale: options.scale ?? FIVE_LEVELS,
    aggregation: options.aggregation ?? { kind: 'mean', nullAs: 0 },
  } as const;
  const ids = Array.from({ length: n }, (_, i) => String(i));
  const lines = ids.map((_, i) => lineOf(i, full));
  const manifest: RunManifest = {
    ...syntheticManifest(ids, { id: 'graded' }),
    benchmark: options.benchmark ?? 'promptfoo',
    task: 'criteria-judge',
    scale: full.scale,
    ...(full.criteria > 0 ? { criteriaAggregation: full.aggregation } : {}),
  };
  writeFileSync(join(dir, 'run.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'results.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  const adjudications = join(dir, 'adjudications.jsonl');
  writeFileSync(adjudications, '');
  return { dir, ids, lines: new Map(lines.map((l) => [l.itemId, l])), adjudications, scale: full.scale, aggregation: full.aggregation };
}

/** Appends events (or raw lines) to a run's adjudications.jsonl. */
export function appendEvents(run: Pick<SyntheticRun, 'adjudications'>, events: readonly (AdjudicationEvent | string)[]): void {
  appendFileSync(run.adjudications, events.map((e) => `${typeof e === 'string' ? e : JSON.stringify(e)}\n`).join(''));
}
