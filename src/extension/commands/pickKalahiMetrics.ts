import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { defaultMetricNames } from '../../core/benchmarks/kalahi/metricSet';
import { metricUnavailable } from '../../core/metrics/metricAvailability';
import { type NeuralChoices } from '../../core/benchmarks/kalahi/neuralMetrics';
import { LEXICAL_METRIC_NAMES } from '../../core/metrics/registry';
import { DEFAULT_BERTSCORE_MODEL } from '../../core/metrics/neural/bertScore';
import { DEFAULT_BLEURT_MODEL } from '../../core/metrics/neural/bleurt';
import { type MetricName } from '../../core/metrics/similarityMetric';
import { readSettings } from '../settings';

export interface KalahiMetricChoice {
  readonly metrics: MetricName[];
  readonly neural: NeuralChoices;
}

const DESCRIPTIONS: Readonly<Record<MetricName, string>> = {
  chrf: 'character n-gram F-score (the primary metric)',
  'chrf++': 'chrF with word bigrams',
  bleu: 'sacrebleu, 13a tokens',
  'rouge-1': 'unigram overlap',
  'rouge-2': 'bigram overlap',
  'rouge-l': 'longest common subsequence',
  'rouge-lsum': "the column Kalahi's code calls ROUGE-L",
  meteor: 'NLTK METEOR with WordNet 3.0',
  bertscore: 'BERTScore F1 on ONNX Runtime (setting: BERTScore Model folder)',
  bleurt: 'BLEURT-20 on ONNX Runtime (setting: BLEURT Model folder)',
};

/**
 * A model setting: empty is the official model's hub id; an absolute folder is used as is; otherwise a folder
 * relative to the first workspace folder when one exists there, else the value as a hub id (cache folder).
 */
function modelFrom(setting: string, fallback: string): string {
  const value = setting.trim();
  if (value === '') return fallback;
  if (isAbsolute(value)) return value;
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return root !== undefined && existsSync(join(root, value)) ? join(root, value) : value;
}

/** Start Run…'s metric picker for Kalahi open-ended: the text metrics checked, BERTScore and BLEURT offered. */
export async function pickKalahiMetrics(step: string): Promise<KalahiMetricChoice | undefined> {
  const defaults = defaultMetricNames();
  const names: MetricName[] = [...LEXICAL_METRIC_NAMES, ...(metricUnavailable('meteor') === null ? (['meteor'] as const) : []), 'bertscore', 'bleurt'];
  const picked = await vscode.window.showQuickPick(
    names.map((name) => ({ label: name, description: DESCRIPTIONS[name], picked: defaults.includes(name), name })),
    { title: `Start Run (${step}): open-ended metrics`, canPickMany: true, ignoreFocusOut: true },
  );
  if (picked === undefined || picked.length === 0) return undefined;
  const metrics = picked.map((p) => p.name);
  const settings = readSettings();
  return {
    metrics,
    neural: {
      bertscore: metrics.includes('bertscore') ? { model: modelFrom(settings.bertscoreModel, DEFAULT_BERTSCORE_MODEL), layer: settings.bertscoreLayer, idf: false, rescaleFile: null } : null,
      bleurt: metrics.includes('bleurt') ? { model: modelFrom(settings.bleurtModel, DEFAULT_BLEURT_MODEL) } : null,
    },
  };
}
