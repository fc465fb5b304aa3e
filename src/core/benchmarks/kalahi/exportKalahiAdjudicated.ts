import * as z from 'zod';
import { type AdjudicationCells } from '../../adjudication/adjudicationCells';
import { type RunState } from '../../adjudication/runState';
import { automaticScore } from '../../runs/automaticSummary';
import { type ExportFormat, verdictCell } from '../../runs/exportFormat';
import { type ResultLine } from '../../runs/resultLine';
import { toCsv } from '../../util/csv';
import { type KalahiResultLine, KalahiResultLineSchema } from './resultParts';
import { withoutMachinePaths } from '../../util/machinePaths';

const InputsSchema = z.looseObject({ prompt_id: z.string(), category: z.string(), topic: z.string(), prompt: z.string() });
const OpenSettings = z.looseObject({ open: z.looseObject({ metrics: z.array(z.string()), primaryMetric: z.string() }).nullable() });

function asKalahi(line: ResultLine | undefined): KalahiResultLine | undefined {
  const parsed = KalahiResultLineSchema.safeParse(line);
  return parsed.success ? parsed.data : undefined;
}

const mean = (values: readonly number[]): number | null => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);

/**
 * Kalahi's adjudicated export: per item the prompt, the answer, each metric's diff and acc, MC1/MC2, the
 * automatic verdict (the primary metric's acc) beside the final human verdict, and the adjudicated acc: the
 * human verdict where there is one (true counts 1, false and null 0), else the primary metric's acc.
 */
export function exportKalahiAdjudicated(state: RunState, format: ExportFormat, cellsOf: (itemId: string) => AdjudicationCells): string {
  const settings = OpenSettings.safeParse(state.manifest.settings);
  const open = settings.success ? settings.data.open : null;
  const metrics = open?.metrics ?? [];
  const primaryMetric = open?.primaryMetric ?? null;
  const hasMc = state.manifest.task !== 'open';
  const items = state.manifest.dataset.itemIds.map((itemId) => {
    const line = state.current.get(itemId);
    const kalahi = asKalahi(line);
    const inputs = InputsSchema.safeParse(line?.inputs);
    const cells = cellsOf(itemId);
    const primary = primaryMetric === null ? undefined : kalahi?.open?.metrics[primaryMetric];
    const automaticVerdict = line === undefined || line.error !== null ? undefined : line.verdict;
    const adjudicatedAcc =
      cells.humanVerdict !== undefined && open !== null
        ? cells.humanVerdict === true
          ? 1
          : 0
        : primary === undefined
          ? open === null
            ? null
            : 0
          : primary.acc
            ? 1
            : 0;
    return {
      itemId,
      promptId: inputs.success ? inputs.data.prompt_id : '',
      category: inputs.success ? inputs.data.category : '',
      topic: inputs.success ? inputs.data.topic : '',
      prompt: inputs.success ? inputs.data.prompt : '',
      answer: kalahi?.open?.answer ?? line?.response ?? null,
      primaryMetric,
      metrics: Object.fromEntries(
        metrics.map((m) => {
          const outcome = kalahi?.open?.metrics[m];
          return [m, outcome === undefined ? null : { diff: outcome.diff, acc: outcome.acc }];
        }),
      ) as Record<string, { diff: number; acc: boolean } | null>,
      mc1: kalahi?.mc?.mc1 ?? null,
      mc2: kalahi?.mc?.mc2 ?? null,
      automaticVerdict,
      adjudicatedAcc,
      error: line?.error ? `${line.error.stage}: ${line.error.kind}: ${line.error.message}` : null,
      ...cells,
    };
  });

  if (format === 'json') {
    const body = {
      run: withoutMachinePaths(state.manifest),
      automatic: automaticScore(state.manifest, state.current),
      adjudicated: state.adjudicatedScore(),
      kalahi: {
        primaryMetric,
        open:
          open === null
            ? null
            : {
                automaticAcc: mean(items.map((i) => (i.automaticVerdict === true ? 1 : 0))),
                adjudicatedAcc: mean(items.map((i) => i.adjudicatedAcc ?? 0)),
                diff: Object.fromEntries(metrics.map((m) => [m, mean(items.flatMap((i) => (i.metrics[m] ? [i.metrics[m].diff] : [])))])),
                acc: Object.fromEntries(
                  metrics.map((m) => [m, mean(items.flatMap((i) => (i.metrics[m] ? [i.metrics[m].acc ? 1 : 0] : [])))]),
                ),
              },
        mc: hasMc
          ? {
              mc1: mean(items.flatMap((i) => (i.mc1 === null ? [] : [i.mc1]))),
              mc2: mean(items.flatMap((i) => (i.mc2 === null ? [] : [i.mc2]))),
            }
          : null,
      },
      items: items.map((i) => ({
        ...i,
        automaticVerdict: i.automaticVerdict ?? null,
        humanVerdict: i.humanVerdict ?? null,
        humanDecided: i.humanVerdict !== undefined,
      })),
    };
    return `${JSON.stringify(body, null, 2)}\n`;
  }
  const cell = (value: number | boolean | null | undefined): string => (value === null || value === undefined ? '' : String(value));
  const header = [
    'itemId',
    'promptId',
    'category',
    'topic',
    'prompt',
    'answer',
    'primaryMetric',
    'automaticVerdict',
    'humanVerdict',
    'adjudicatedAcc',
    ...metrics.flatMap((m) => [`${m}.diff`, `${m}.acc`]),
    ...(hasMc ? ['mc1', 'mc2'] : []),
    'decidedBy',
    'annotators',
    'flags',
    'notes',
    'stale',
    'conflict',
    'error',
  ];
  return toCsv(
    header,
    items.map((i) => [
      i.itemId,
      i.promptId,
      i.category,
      i.topic,
      i.prompt,
      i.answer ?? '',
      i.primaryMetric ?? '',
      verdictCell(i.automaticVerdict),
      verdictCell(i.humanVerdict),
      cell(i.adjudicatedAcc),
      ...metrics.flatMap((m) => [cell(i.metrics[m]?.diff), cell(i.metrics[m]?.acc)]),
      ...(hasMc ? [cell(i.mc1), cell(i.mc2)] : []),
      i.decidedBy.join('; '),
      i.annotators.join('; '),
      i.flags.join('; '),
      i.notes.map((n) => `${n.annotator}: ${n.note}`).join('\n'),
      String(i.stale),
      String(i.conflict),
      i.error ?? '',
    ]),
  );
}
