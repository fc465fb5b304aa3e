/**
 * A real validation report of a Kalahi open-ended run (its verdicts are chrF's and BLEU's acc, no judge), and
 * one of a YokaiEval run with no stability measured, both built by the core from run folders written here.
 * Built before happy-dom replaces the globals; needs no downloaded data.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../src/core/adjudication/adjudicationLog';
import { loadRunState } from '../../src/core/adjudication/runState';
import { type RunManifest } from '../../src/core/runs/runManifest';
import { benchmarkOf } from '../../src/core/benchmarks/registry';
import { type ValidationReport, buildValidationReport } from '../../src/core/reports/report';
import { scratchDir } from '../helpers/scratch';
import { type SyntheticRun, eventOn, writeSyntheticRun } from '../helpers/syntheticRun';
import { RUN_REGISTRY } from '../../src/core/benchmarks/runRegistry';

const PROMPTFOO_RESULTS = join(__dirname, '..', 'fixtures', 'foreign-logs', 'promptfoo', 'results.json');

const ITEMS = 12;
const AT = new Date('2026-12-02T09:00:00.000Z');

function metric(acc: boolean): Record<string, unknown> {
  return acc
    ? { relevant: [0.6, 0.4], irrelevant: [0.2], maxRelevant: 0.6, maxIrrelevant: 0.2, diff: 0.4, acc }
    : { relevant: [0.1, 0.2], irrelevant: [0.5], maxRelevant: 0.2, maxIrrelevant: 0.5, diff: -0.3, acc };
}

/** Item i as a Kalahi open-ended line: chrF's acc is the verdict; BLEU disagrees on every third item. */
function kalahiLine(run: SyntheticRun, id: string, i: number): string {
  const chrf = i % 2 === 0;
  const line = run.lines.get(id);
  return JSON.stringify({
    ...line,
    inputs: {
      prompt_variation_id: `01${id.padStart(2, '0')}`,
      prompt: `Ano ang gagawin mo? (${id})`,
      category: i % 3 === 0 ? 'ethics' : 'shared knowledge',
      topic: 'family',
    },
    response: `Sagot ${id}`,
    judgeReply: null,
    verdict: chrf,
    references: { relevant: ['Magmano sa Lola.', 'Batiin siya.'], irrelevant: ['Huwag pansinin.'], bestIndex: 0 },
    open: {
      answer: `Sagot ${id}`,
      empty: false,
      finishReason: 'stop',
      metrics: { chrf: metric(chrf), bleu: metric(i % 3 === 0 ? !chrf : chrf) },
    },
  });
}

async function decide(run: SyntheticRun, flags: readonly string[]): Promise<void> {
  const lines = loadRunState(run.dir, RUN_REGISTRY).current;
  const kalahiRun = { ...run, lines };
  await appendAdjudications(
    run.adjudications,
    run.ids.slice(0, 8).flatMap((itemId, i) => {
      const verdict = i % 4 === 1 ? !(lines.get(itemId)?.verdict ?? false) : (lines.get(itemId)?.verdict ?? false);
      const flag = flags[i];
      return [
        eventOn(kalahiRun, { itemId, annotator: 'Ligaya', minute: i, verdict, ...(flag === undefined ? {} : { flag }) }),
        eventOn(kalahiRun, { itemId, annotator: 'Marco', minute: 20 + i, verdict: i === 6 ? !verdict : verdict }),
      ];
    }),
  );
}

/** Kalahi's own flag categories, some of which only it has. */
export const KALAHI_FLAGS = ['wrong-filipino-practice', 'code-switching-translation', 'invented-entity'] as const;

export async function buildKalahiReport(): Promise<ValidationReport> {
  const run = writeSyntheticRun(join(scratchDir('statistics-kalahi'), 'run'), ITEMS);
  const manifest = JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8')) as RunManifest;
  writeFileSync(
    join(run.dir, 'run.json'),
    JSON.stringify({
      ...manifest,
      id: 'kalahi-test-model',
      benchmark: 'kalahi',
      task: 'open',
      settings: { primaryMetric: 'chrf', metrics: ['chrf', 'bleu'] },
    }),
  );
  writeFileSync(join(run.dir, 'results.jsonl'), `${run.ids.map((id, i) => kalahiLine(run, id, i)).join('\n')}\n`);
  await decide(run, KALAHI_FLAGS);
  return buildValidationReport(run.dir, AT);
}

export async function buildYokaiEvalReport(): Promise<ValidationReport> {
  const run = writeSyntheticRun(join(scratchDir('statistics-yokaieval'), 'run'), ITEMS);
  await decide(run, ['invented-entity', 'other']);
  return buildValidationReport(run.dir, AT);
}

/**
 * A promptfoo log imported by its own importer (six results: passes 1/0 and 3/0), every item but 0/0 decided
 * by one annotator, so the estimate is post-stratified over the log's own pass / fail verdicts.
 */
export async function buildPromptfooReport(): Promise<ValidationReport> {
  const importer = benchmarkOf('promptfoo').importers?.[0];
  if (importer === undefined) throw new Error('promptfoo has no importer');
  const outcome = await importer.run(PROMPTFOO_RESULTS, join(scratchDir('statistics-promptfoo'), 'run'), { sources: {} });
  const state = loadRunState(outcome.paths.dir, RUN_REGISTRY);
  const run: SyntheticRun = {
    dir: outcome.paths.dir,
    ids: [...state.current.keys()],
    lines: state.current,
    adjudications: join(outcome.paths.dir, 'adjudications.jsonl'),
  };
  await appendAdjudications(
    run.adjudications,
    run.ids
      .filter((itemId) => itemId !== '0/0')
      .map((itemId, i) => eventOn(run, { itemId, annotator: 'Ann', minute: i, verdict: i !== 1 })),
  );
  return buildValidationReport(run.dir, AT);
}
