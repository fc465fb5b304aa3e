import { type AutomaticScore, automaticScore } from './automaticSummary';
import { readCurrentResults, readManifest } from './runFolder';

export interface RunSummary {
  readonly runId: string;
  readonly benchmark: string;
  readonly task: string;
  readonly status: string;
  readonly model: string | null;
  readonly judge: string | null;
  readonly items: number;
  readonly automatic: AutomaticScore;
  readonly usage: { promptTokens: number; completionTokens: number; requests: number };
}

export function summarizeRun(dir: string): RunSummary {
  const manifest = readManifest(dir);
  const { byItem } = readCurrentResults(dir, manifest);
  return {
    runId: manifest.id,
    benchmark: manifest.benchmark,
    task: manifest.task,
    status: manifest.status,
    model: manifest.model?.name ?? (typeof manifest['importedModel'] === 'string' ? manifest['importedModel'] : null),
    judge: manifest.judge?.name ?? null,
    items: manifest.dataset.itemIds.length,
    automatic: automaticScore(manifest, byItem),
    usage: manifest.usage,
  };
}

export function formatSummary(summary: RunSummary): string {
  const { automatic: a } = summary;
  const pct = (x: number | null): string => (x === null ? 'n/a' : `${(100 * x).toFixed(2)}%`);
  return [
    `run        ${summary.runId} (${summary.benchmark}, ${summary.status})`,
    `model      ${summary.model ?? 'unknown'}${summary.judge ? `, judged by ${summary.judge}` : ''}`,
    `items      ${summary.items}`,
    `accuracy   ${pct(a.accuracy)}  (${a.counts.true}/${summary.items}; null, error and missing count as wrong)`,
    `excl. null ${pct(a.accuracyExcludingNull)}  (${a.counts.true}/${a.counts.true + a.counts.false})`,
    `verdicts   true ${a.counts.true}, false ${a.counts.false}, null ${a.counts.null}, error ${a.counts.error}, missing ${a.counts.missing}`,
    `usage      ${summary.usage.requests} requests, ${summary.usage.promptTokens} prompt + ${summary.usage.completionTokens} completion tokens`,
  ].join('\n');
}
