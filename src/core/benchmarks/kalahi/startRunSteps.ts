import { type Endpoint } from '../../model/endpoint';
import { type LocalModelPick, pickLocalModel } from '../../startRunSteps/localModel';
import { LOCAL_MODEL, askModelName, pickEndpointOrLocal, pickItemLimit, stepTitle, withDeployment } from '../../startRunSteps/sharedSteps';
import { type StartRunEnvironment, type StartRunSteps, type StartRunUi } from '../../startRunSteps/startRunUi';
import { type RunManifest } from '../../runs/runManifest';
import { type RunSession } from '../../runs/runSession';
import { OLLAMA_PREFIX } from '../../runtimes/gguf/ollamaStore';
import { KALAHI_BASICS } from './basics';
import { prepareKalahiRun, reopenKalahiRun } from './kalahiRun';
import { loadKalahiSources } from './sources';
import { defaultMetricNames } from './metricSet';
import { NO_NEURAL_METRICS } from './neuralMetrics';
import { DEFAULT_MC_TEMPLATE } from '../../backends/mcPromptTemplate';
import { type KalahiRunConfig, type KalahiTask, OPEN_MAX_TOKENS } from './settings';
import { type KalahiMetricChoice, pickKalahiMetrics } from './startRunMetrics';

/** Start Run's steps with Kalahi: the metrics step makes one more than the usual five (MC skips it). */
const STEPS = 6;

/** Start Run's runs are of the full prompts. */
const START_VARIANT = 'full';

/** Where the model runs: behind an endpoint, or a GGUF file in-process (with the threads setting). */
export type KalahiStartModel =
  | { readonly kind: 'endpoint'; readonly endpoint: Endpoint; readonly name: string }
  | { readonly kind: 'local'; readonly pick: LocalModelPick; readonly threads: number };

/** What Kalahi's Start Run steps settle. */
export interface KalahiStartChoice {
  readonly task: KalahiTask;
  /** Open-ended tasks: the metrics checked and their models' settings. */
  readonly metrics: KalahiMetricChoice | undefined;
  readonly model: KalahiStartModel;
  readonly limit: number | null;
}

/** Six steps: task (2/6), open-ended metrics (3/6; skipped for MC), provider (4/6) or a local file, model (5/6), items (6/6). */
export async function askKalahiRun(ui: StartRunUi): Promise<KalahiStartChoice | undefined> {
  const task = await ui.pickOne<KalahiTask>(stepTitle(2, 'Kalahi task', STEPS), [
    {
      label: 'Open-ended',
      description: 'greedy answers scored by similarity to the relevant and irrelevant references (any chat model)',
      value: 'open',
    },
    { label: 'Multiple choice', description: 'log-probs of each reference (vLLM, or a local GGUF model)', value: 'mc' },
    { label: 'Both', description: 'open-ended and multiple choice', value: 'both' },
  ]);
  if (task === undefined) return undefined;
  let metrics: KalahiMetricChoice | undefined;
  if (task !== 'mc') {
    metrics = await pickKalahiMetrics(ui, 3, STEPS);
    if (metrics === undefined) return undefined;
  }
  const where = await askWhere(ui, 4, STEPS);
  if (where === undefined) return undefined;
  const limit = await pickItemLimit(ui, KALAHI_BASICS.items, STEPS);
  if (limit === undefined) return undefined;
  // The threads setting is read once the questions are answered, as the run starts.
  const model: KalahiStartModel = where.kind === 'local' ? { ...where, threads: ui.settings().localModelThreads } : where;
  return { task, metrics, limit, model };
}

/** Provider (step), then the model's name (step + 1), or a local model file (step + 1). */
async function askWhere(
  ui: StartRunUi,
  step: number,
  total: number,
): Promise<
  | { readonly kind: 'endpoint'; readonly endpoint: Endpoint; readonly name: string }
  | { readonly kind: 'local'; readonly pick: LocalModelPick }
  | undefined
> {
  const endpoint = await pickEndpointOrLocal(ui, step, total);
  if (endpoint === undefined) return undefined;
  if (endpoint === LOCAL_MODEL) {
    const pick = await pickLocalModel(ui, step + 1, total);
    return pick === undefined ? undefined : { kind: 'local', pick };
  }
  const name = await askModelName(ui, step + 1, endpoint, total);
  return name === undefined ? undefined : { kind: 'endpoint', endpoint, name: name.trim() };
}

/** The CLI's defaults: greedy open-ended answers scored by every available metric (chrF primary); MC by completions log-probs, or the GGUF's own. */
export function kalahiStartConfig(choice: KalahiStartChoice): KalahiRunConfig {
  const { task, model } = choice;
  const open = task !== 'mc';
  const metrics = choice.metrics?.metrics ?? defaultMetricNames();
  const name = model.kind === 'local' ? model.pick.label : model.name;
  const endpoint: Endpoint =
    model.kind === 'local' ? { provider: 'local', baseUrl: `gguf:${encodeURIComponent(name)}` } : withDeployment(model.endpoint, name);
  const local = model.kind === 'local';
  return {
    model: {
      endpoint,
      name,
      apiKeyEnv: null,
      systemPrompt: null,
      params: open ? { temperature: 0, topP: null, maxTokens: OPEN_MAX_TOKENS } : { temperature: null, topP: null, maxTokens: null },
    },
    task,
    variant: START_VARIANT,
    appendPeriod: true,
    limit: choice.limit,
    mc:
      task === 'open'
        ? null
        : {
            logprobs: local ? 'gguf' : 'completions',
            template: local ? null : { source: 'default', text: DEFAULT_MC_TEMPLATE },
            mc2Mode: 'paper',
            request: { promptList: null, maxTokens: null },
          },
    local: !local
      ? null
      : {
          modelFile: model.pick.modelFile,
          choice: {
            ollama: model.pick.modelFile.startsWith(OLLAMA_PREFIX) ? model.pick.modelFile : null,
            gpuLayers: 'auto',
            contextSize: null,
            threads: model.threads === 0 ? null : model.threads,
          },
        },
    open: open
      ? {
          metrics,
          primaryMetric: metrics.includes('chrf') ? 'chrf' : (metrics[0] ?? 'chrf'),
          neural: choice.metrics?.neural ?? NO_NEURAL_METRICS,
        }
      : null,
  };
}

export const KALAHI_START_RUN: StartRunSteps = {
  steps: STEPS,
  plan: async (ui) => {
    const choice = await askKalahiRun(ui);
    if (choice === undefined) return undefined;
    const config = kalahiStartConfig(choice);
    const prepare = (env: StartRunEnvironment, runName: string): Promise<RunSession> => prepareKalahiRun(config, env, runName);
    // run.json records no local file's folder: the file picked here is given again, as --model-file is to the CLI.
    const reopen = (env: StartRunEnvironment, manifest: RunManifest): Promise<RunSession> =>
      reopenKalahiRun(manifest, { ...env, modelFile: config.local?.modelFile ?? undefined });
    return choice.model.kind === 'local'
      ? { kind: 'local', modelName: config.model.name, prepare, reopen }
      : { kind: 'endpoint', endpoint: choice.model.endpoint, modelName: config.model.name, prepare, reopen };
  },
  reopen: (env, manifest) => reopenKalahiRun(manifest, env),
  checkData: async (sources) => {
    await loadKalahiSources(START_VARIANT, sources);
  },
};
