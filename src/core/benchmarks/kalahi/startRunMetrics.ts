import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { metricUnavailable } from '../../metrics/metricAvailability';
import { DEFAULT_BERTSCORE_MODEL } from '../../metrics/neural/bertScore';
import { DEFAULT_BLEURT_MODEL } from '../../metrics/neural/bleurt';
import { checkBertScoreFolder, checkBleurtFolder } from '../../metrics/neural/modelFolderCheck';
import { LEXICAL_METRIC_NAMES } from '../../metrics/registry';
import { type MetricName } from '../../metrics/similarityMetric';
import { stepTitle } from '../../startRunSteps/sharedSteps';
import { type StartRunUi } from '../../startRunSteps/startRunUi';
import { errorMessage } from '../../util/errors';
import { defaultMetricNames } from './metricSet';
import { type NeuralChoices } from './neuralMetrics';

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
function modelFrom(setting: string, fallback: string, workspaceRoot: string | undefined): string {
  const value = setting.trim();
  if (value === '') return fallback;
  if (isAbsolute(value)) return value;
  return workspaceRoot !== undefined && existsSync(join(workspaceRoot, value)) ? join(workspaceRoot, value) : value;
}

const LAST_METRICS = 'lastKalahiMetrics';

/**
 * The open-ended metrics picker (the step after the task): the text metrics checked, BERTScore and BLEURT
 * offered. A checked BERTScore or BLEURT whose model folder lacks what the run needs (a file, the layer's
 * hidden state, the logits) is refused here, naming the folder and what is missing, and the step is asked again.
 */
export async function pickKalahiMetrics(ui: StartRunUi, step: number, total: number): Promise<KalahiMetricChoice | undefined> {
  const names: MetricName[] = [
    ...LEXICAL_METRIC_NAMES,
    ...(metricUnavailable('meteor') === null ? (['meteor'] as const) : []),
    'bertscore',
    'bleurt',
  ];
  // The last run's checks (BERTScore and BLEURT included), else the CLI's defaults.
  let checked: readonly string[] = ui.remembered(LAST_METRICS)?.split(',') ?? defaultMetricNames();
  for (;;) {
    const metrics = await ui.pickMany(
      stepTitle(step, 'open-ended metrics', total),
      names.map((name) => ({ label: name, description: DESCRIPTIONS[name], picked: checked.includes(name), value: name })),
    );
    if (metrics === undefined || metrics.length === 0) return undefined;
    await ui.remember(LAST_METRICS, metrics.join(','));
    // Read each time: the settings may have been changed while the step was shown again.
    const settings = ui.settings();
    const neural: NeuralChoices = {
      bertscore: metrics.includes('bertscore')
        ? {
            model: modelFrom(settings.bertscoreModel, DEFAULT_BERTSCORE_MODEL, ui.workspaceRoot),
            layer: settings.bertscoreLayer,
            idf: false,
            rescaleFile: null,
          }
        : null,
      bleurt: metrics.includes('bleurt') ? { model: modelFrom(settings.bleurtModel, DEFAULT_BLEURT_MODEL, ui.workspaceRoot) } : null,
    };
    const problem = modelFolderProblem(neural, ui);
    if (problem === null) return { metrics, neural };
    ui.showProblem(problem);
    checked = metrics;
  }
}

/** What the chosen model folders lack, as one message with the settings that choose them; null: nothing. */
function modelFolderProblem(neural: NeuralChoices, ui: StartRunUi): string | null {
  const cwd = ui.workspaceRoot ?? process.cwd();
  const problems: string[] = [];
  const check = (settings: string, run: () => void): void => {
    try {
      run();
    } catch (error) {
      problems.push(`${errorMessage(error)} (${settings}; or uncheck it)`);
    }
  };
  const { bertscore, bleurt } = neural;
  if (bertscore !== null)
    check('settings evalAdjudicator.bertscoreModel and evalAdjudicator.bertscoreLayer', () => checkBertScoreFolder(bertscore, cwd, ui.env));
  if (bleurt !== null) check('setting evalAdjudicator.bleurtModel', () => checkBleurtFolder(bleurt, cwd, ui.env));
  return problems.length === 0 ? null : problems.join(' ');
}
