import * as z from 'zod';
import { type ExportFormat, verdictCell } from '../../runs/exportFormat';
import { toCsv } from '../../util/csv';
import { readManifest } from '../../runs/runFolder';
import { readKalahiResults } from './kalahiResults';
import { type KalahiResultLine } from './resultParts';
import { KalahiSettingsSchema } from './settings';
import { withoutMachinePaths } from '../../util/machinePaths';

const InputsSchema = z.object({
  prompt_id: z.string(),
  category: z.string(),
  topic: z.string(),
  prompt: z.string(),
  best_answer: z.string(),
});

interface KalahiExportItem {
  readonly itemId: string;
  readonly promptId: string;
  readonly category: string;
  readonly topic: string;
  readonly prompt: string;
  readonly bestAnswer: string;
  readonly answer: string | null;
  readonly verdict: boolean | null | undefined;
  readonly error: string | null;
  readonly line: KalahiResultLine | undefined;
}

/**
 * One row per item of a Kalahi run, in dataset order: the prompt, the answer, per metric the max relevant,
 * max irrelevant, diff and acc; for MC, mc1, mc2 and every reference's score (one per line in CSV, in the
 * order of the references beside them).
 */
export function exportKalahiRun(dir: string, format: ExportFormat): string {
  const manifest = readManifest(dir);
  const settings = KalahiSettingsSchema.parse(manifest.settings);
  const current = readKalahiResults(dir, manifest);
  const metrics = settings.open?.metrics ?? [];
  const items: KalahiExportItem[] = manifest.dataset.itemIds.map((itemId) => {
    const line = current.get(itemId);
    const parsed = InputsSchema.safeParse(line?.inputs);
    const inputs = parsed.success ? parsed.data : { prompt_id: '', category: '', topic: '', prompt: '', best_answer: '' };
    return {
      itemId,
      promptId: inputs.prompt_id,
      category: inputs.category,
      topic: inputs.topic,
      prompt: inputs.prompt,
      bestAnswer: inputs.best_answer,
      answer: line?.open?.answer ?? null,
      verdict: line === undefined || line.error !== null ? undefined : line.verdict,
      error: line?.error ? `${line.error.stage}: ${line.error.kind}: ${line.error.message}` : null,
      line,
    };
  });

  if (format === 'json') {
    const rows = items.map(({ line, ...item }) => ({
      ...item,
      verdict: item.verdict ?? null,
      decided: item.verdict !== undefined,
      references: line?.references ?? null,
      mc: line?.mc ?? null,
      open: line?.open ?? null,
    }));
    return `${JSON.stringify({ run: withoutMachinePaths(manifest), items: rows }, null, 2)}\n`;
  }

  const header = [
    'itemId',
    'promptId',
    'category',
    'topic',
    'prompt',
    'bestAnswer',
    'answer',
    'verdict',
    'error',
    ...(settings.mc === null ? [] : ['mc1', 'mc2', 'relevantAnswers', 'mcRelevantScores', 'irrelevantAnswers', 'mcIrrelevantScores']),
    ...metrics.flatMap((m) => [`${m}.maxRelevant`, `${m}.maxIrrelevant`, `${m}.diff`, `${m}.acc`]),
  ];
  const cell = (value: number | boolean | undefined): string => (value === undefined ? '' : String(value));
  const rows = items.map((item) => {
    const { line } = item;
    const mc = line?.mc;
    return [
      item.itemId,
      item.promptId,
      item.category,
      item.topic,
      item.prompt,
      item.bestAnswer,
      item.answer ?? '',
      verdictCell(item.verdict),
      item.error ?? '',
      ...(settings.mc === null
        ? []
        : [
            cell(mc?.mc1),
            cell(mc?.mc2),
            (line?.references.relevant ?? []).join('\n'),
            (mc?.relevant ?? []).map((r) => String(r.score)).join('\n'),
            (line?.references.irrelevant ?? []).join('\n'),
            (mc?.irrelevant ?? []).map((r) => String(r.score)).join('\n'),
          ]),
      ...metrics.flatMap((m) => {
        const outcome = line?.open?.metrics[m];
        return [cell(outcome?.maxRelevant), cell(outcome?.maxIrrelevant), cell(outcome?.diff), cell(outcome?.acc)];
      }),
    ];
  });
  return toCsv(header, rows);
}
