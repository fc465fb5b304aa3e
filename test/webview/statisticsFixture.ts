/**
 * A realistic validation report built by the real core: the official gpt4o results imported, a seeded
 * validation sample, decisions of two annotators (one with a name that looks like markup), some flags, and
 * judge-stability lines with flips. Built before happy-dom replaces the globals.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../src/core/adjudication/adjudicationLog';
import { automaticOutcome } from '../../src/core/adjudication/adjudicatedScore';
import { basisOf } from '../../src/core/runs/decisionBasis';
import { type AdjudicationEvent, type HallucinationCategory } from '../../src/core/adjudication/event';
import { newAdjudicationEvent } from '../../src/core/adjudication/newEvent';
import { loadRunState } from '../../src/core/adjudication/runState';
import { importOfficialYokaiEval } from '../../src/core/benchmarks/yokaieval/importOfficial';
import { verdictLabel } from '../../src/core/stats/confusion';
import { type ValidationReport, buildValidationReport } from '../../src/core/reports/report';
import { appendSample, drawSample } from '../../src/core/judgeValidation/sample';
import { STABILITY_FILE, type StabilityLine, StabilityLineSchema } from '../../src/core/judgeValidation/stability';
import { scratchDir } from '../helpers/scratch';
import { sharedDataDir } from '../helpers/sharedData';
import { RUN_REGISTRY } from '../../src/core/benchmarks/runRegistry';

export const GPT4O_RESULTS = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');
export const HOSTILE_MODEL = 'gpt-4o <img src=x onerror="alert(1)">';
export const ANNOTATOR_A = 'Aiko';
export const ANNOTATOR_B = 'Ben <script>alert("b")</script>';

const T0 = Date.parse('2026-11-29T10:00:00.000Z');
const FLAGS: readonly HallucinationCategory[] = [
  'invented-entity',
  'wrong-region-or-period',
  'cross-cultural-conflation',
  'invented-entity',
  'other',
];
const flip = (v: 'true' | 'false'): 'true' | 'false' => (v === 'true' ? 'false' : 'true');

/** The report, or undefined when the official results file is not available. */
export async function buildStatisticsReport(): Promise<ValidationReport | undefined> {
  if (!existsSync(GPT4O_RESULTS)) return undefined;
  const dir = join(scratchDir('statistics'), 'run');
  await importOfficialYokaiEval(GPT4O_RESULTS, dir, { dataDir: sharedDataDir }, HOSTILE_MODEL);
  const state = loadRunState(dir, RUN_REGISTRY);
  const sample = drawSample({
    itemIds: state.manifest.dataset.itemIds,
    outcomeOf: (id) => automaticOutcome(state.current.get(id)),
    n: 60,
    seed: 1,
    now: new Date(T0),
  });
  await appendSample(dir, sample);

  // The sample's null stratum first, so every stratum has reviewed items and the estimate exists.
  const nulls = sample.strata['null']?.itemIds ?? [];
  const decided = [...nulls, ...sample.itemIds.filter((id) => !nulls.includes(id))].slice(0, 40);
  const events: AdjudicationEvent[] = [];
  decided.forEach((itemId, i) => {
    const line = state.current.get(itemId);
    if (line === undefined) return;
    const judge = verdictLabel(line.verdict);
    let a: 'true' | 'false' = judge === 'null' ? (i % 2 === 0 ? 'true' : 'false') : judge;
    if (i % 7 === 3) a = flip(a);
    const at = (k: number): Date => new Date(T0 + (i * 2 + k) * 60_000);
    const flagA = a === 'false' && i % 3 === 0 ? (FLAGS[i % FLAGS.length] ?? null) : null;
    events.push(
      newAdjudicationEvent({
        itemId,
        annotator: ANNOTATOR_A,
        role: 'annotator',
        state: { verdict: a === 'true', hallucination: flagA, note: '' },
        current: line,
        now: at(0),
      }),
    );
    if (i < 30) {
      const b: 'true' | 'false' | 'null' = i === 11 ? 'null' : i % 9 === 4 ? flip(a) : a;
      const flagB = b === 'false' && i % 5 === 1 ? 'wrong-region-or-period' : null;
      events.push(
        newAdjudicationEvent({
          itemId,
          annotator: ANNOTATOR_B,
          role: 'annotator',
          state: { verdict: b === 'null' ? null : b === 'true', hallucination: flagB, note: '' },
          current: line,
          now: at(1),
        }),
      );
    }
  });
  await appendAdjudications(join(dir, 'adjudications.jsonl'), events);

  // The judge re-asked 5 times about 8 sampled items; 2 of them flip.
  const lines = decided.slice(0, 8).map((itemId, i): StabilityLine => {
    const line = state.current.get(itemId);
    if (line === undefined) throw new Error(`no result for ${itemId}`);
    const original = verdictLabel(line.verdict);
    const verdicts = Array.from({ length: 5 }, (_, k) => (i < 2 && k === 2 ? (original === 'true' ? 'false' : 'true') : original));
    return StabilityLineSchema.parse({
      itemId,
      time: new Date(T0 + 3_600_000 + i * 1000).toISOString(),
      basis: basisOf(line),
      judge: { name: 'gpt-4o', host: 'api.openai.com' },
      sameJudge: true,
      k: 5,
      original,
      verdicts,
      replies: verdicts,
      errors: 0,
      flips: new Set([original, ...verdicts]).size > 1,
    });
  });
  appendFileSync(join(dir, STABILITY_FILE), lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return buildValidationReport(dir, new Date(T0 + 7_200_000));
}

/** The run folder the host names to the page in each report message (what a window reload reopens). */
export const STATISTICS_RUN_DIR = '/home/annotator/runs/gpt-4o-2024-05-13';
