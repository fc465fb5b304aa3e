import { type Endpoint } from '../../model/endpoint';
import { OLLAMA_PREFIX } from '../../runtimes/gguf/ollamaStore';
import { DEFAULT_GGUF_SEED } from '../../runtimes/gguf/ggufChat';
import { type ModelSpec } from '../../runs/modelSpec';
import { type LocalModelPick, pickLocalModel } from '../../startRunSteps/localModel';
import {
  LOCAL_MODEL,
  askModelName,
  pickEndpoint,
  pickEndpointOrLocal,
  pickItemLimit,
  stepTitle,
  withDeployment,
} from '../../startRunSteps/sharedSteps';
import { type StartRunEnvironment, type StartRunSteps, type StartRunUi } from '../../startRunSteps/startRunUi';
import { type RunManifest } from '../../runs/runManifest';
import { type RunSession } from '../../runs/runSession';
import { YOKAIEVAL_BASICS } from './basics';
import { loadYokaiEvalSources } from './sources';
import { type YokaiLocalModel } from './localModels';
import { DEFAULT_JUDGE, PRESETS, defaultPresetFor } from './presets';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun, reopenYokaiEvalRun } from './yokaiEvalRun';

/** Where a model of the run lives: behind an endpoint by name, or a GGUF file run in-process. */
export type YokaiStartModel =
  | { readonly kind: 'endpoint'; readonly endpoint: Endpoint; readonly name: string }
  | { readonly kind: 'local'; readonly pick: LocalModelPick };

/** What YokaiEval's Start Run steps settle. */
export interface YokaiEvalStartChoice {
  readonly model: YokaiStartModel;
  readonly judge: YokaiStartModel;
  readonly limit: number | null;
  /** The Local Model Threads setting (0: llama.cpp's default), read once the questions are answered. */
  readonly threads: number;
}

const SAME_ENDPOINT = 'same';
const ANOTHER_ENDPOINT = 'endpoint';

/** Provider (2/5) or a local file, model (3/5), judge (4/5: on the model's endpoint, a local file, or an endpoint of its own), items (5/5). */
export async function askYokaiEvalRun(ui: StartRunUi): Promise<YokaiEvalStartChoice | undefined> {
  const where = await pickEndpointOrLocal(ui, 2);
  if (where === undefined) return undefined;
  let model: YokaiStartModel;
  if (where === LOCAL_MODEL) {
    const pick = await pickLocalModel(ui, 3);
    if (pick === undefined) return undefined;
    model = { kind: 'local', pick };
  } else {
    const name = await askModelName(ui, 3, where);
    if (name === undefined) return undefined;
    model = { kind: 'endpoint', endpoint: where, name: name.trim() };
  }
  const judge = await askJudge(ui, model);
  if (judge === undefined) return undefined;
  const limit = await pickItemLimit(ui, YOKAIEVAL_BASICS.items);
  if (limit === undefined) return undefined;
  return { model, judge, limit, threads: ui.settings().localModelThreads };
}

async function askJudge(ui: StartRunUi, model: YokaiStartModel): Promise<YokaiStartModel | undefined> {
  const title = stepTitle(4, 'judge');
  const where = await ui.pickOne(title, [
    ...(model.kind === 'endpoint'
      ? [{ label: "On the model's endpoint", description: 'same base URL and key as the model', value: SAME_ENDPOINT }]
      : []),
    {
      label: 'Local model file (GGUF)',
      description: 'in-process with llama.cpp: a .gguf file or an Ollama model (it may be the model itself)',
      value: LOCAL_MODEL,
    },
    ...(model.kind === 'local'
      ? [{ label: 'An endpoint', description: 'OpenAI, Azure OpenAI or an OpenAI-compatible server', value: ANOTHER_ENDPOINT }]
      : []),
  ]);
  if (where === undefined) return undefined;
  if (where === LOCAL_MODEL) {
    const pick = await pickLocalModel(ui, 4);
    return pick === undefined ? undefined : { kind: 'local', pick };
  }
  const endpoint = model.kind === 'endpoint' && where === SAME_ENDPOINT ? model.endpoint : await pickEndpoint(ui, 4);
  if (endpoint === undefined) return undefined;
  const judge = await ui.input({
    title: stepTitle(
      4,
      model.kind === 'endpoint' && where === SAME_ENDPOINT ? 'judge model (same endpoint and key as the model)' : 'judge model',
    ),
    prompt: "The LLM judge; the paper's judge is gpt-4o",
    value: ui.remembered('lastJudge') ?? DEFAULT_JUDGE.model,
    validate: (v) => (v.trim() === '' ? 'A judge model is required' : undefined),
  });
  if (judge === undefined) return undefined;
  await ui.remember('lastJudge', judge.trim());
  return { kind: 'endpoint', endpoint, name: judge.trim() };
}

/** The model's name: as the server knows it, or a local model's by localModelName's rule (the run is named after it). */
export function startModelName(model: YokaiStartModel): string {
  return model.kind === 'local' ? model.pick.label : model.name;
}

function endpointOf(model: YokaiStartModel): Endpoint {
  return model.kind === 'local'
    ? { provider: 'local', baseUrl: `gguf:${encodeURIComponent(model.pick.label)}` }
    : withDeployment(model.endpoint, model.name);
}

function localOf(model: YokaiStartModel, threads: number): YokaiLocalModel | null {
  if (model.kind !== 'local') return null;
  const { modelFile } = model.pick;
  return {
    modelFile,
    choice: {
      ollama: modelFile.startsWith(OLLAMA_PREFIX) ? modelFile : null,
      gpuLayers: 'auto',
      contextSize: null,
      threads: threads === 0 ? null : threads,
    },
  };
}

/** The CLI's defaults: the model's provider's preset (API models: `api`, else `open-weights`) and the official judge settings. */
export function yokaiEvalStartConfig(choice: YokaiEvalStartChoice): YokaiEvalRunConfig {
  const presetName = defaultPresetFor(endpointOf(choice.model).provider);
  const preset = PRESETS[presetName];
  const spec = (model: YokaiStartModel, systemPrompt: string | null, params: ModelSpec['params']): ModelSpec => ({
    endpoint: endpointOf(model),
    name: startModelName(model),
    apiKeyEnv: null,
    systemPrompt,
    params,
  });
  const local = { model: localOf(choice.model, choice.threads), judge: localOf(choice.judge, choice.threads), seed: DEFAULT_GGUF_SEED };
  return {
    model: spec(choice.model, preset.model.systemPrompt, {
      temperature: preset.model.temperature,
      topP: preset.model.topP,
      maxTokens: preset.model.maxTokens,
    }),
    judge: spec(choice.judge, null, {
      temperature: DEFAULT_JUDGE.temperature,
      topP: DEFAULT_JUDGE.topP,
      maxTokens: DEFAULT_JUDGE.maxTokens,
    }),
    preset: presetName,
    wording: preset.wording,
    limit: choice.limit,
    ...(local.model !== null || local.judge !== null ? { local } : {}),
  };
}

export const YOKAIEVAL_START_RUN: StartRunSteps = {
  plan: async (ui) => {
    const choice = await askYokaiEvalRun(ui);
    if (choice === undefined) return undefined;
    const config = yokaiEvalStartConfig(choice);
    const modelName = startModelName(choice.model);
    const prepare = (env: StartRunEnvironment, runName: string): Promise<RunSession> => prepareYokaiEvalRun(config, env, runName);
    // run.json records no local file's folder: the files picked here are given again, as --model-file is to the CLI.
    const files = { modelFile: config.local?.model?.modelFile ?? undefined, judgeModelFile: config.local?.judge?.modelFile ?? undefined };
    const reopen = (env: StartRunEnvironment, manifest: RunManifest): Promise<RunSession> =>
      reopenYokaiEvalRun(manifest, { ...env, ...files });
    // A served model or judge: the endpoint whose key is asked for (a local model's run then uses it for the judge only).
    const served =
      choice.model.kind === 'endpoint' ? choice.model.endpoint : choice.judge.kind === 'endpoint' ? choice.judge.endpoint : null;
    return served === null
      ? { kind: 'local', modelName, prepare, reopen }
      : { kind: 'endpoint', endpoint: served, modelName, prepare, reopen, ...(config.local !== undefined ? { local: true } : {}) };
  },
  reopen: (env, manifest) => reopenYokaiEvalRun(manifest, env),
  checkData: async (sources) => {
    await loadYokaiEvalSources(sources);
  },
};
