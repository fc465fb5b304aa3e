import { type Endpoint } from '../../model/endpoint';
import { askModelName, pickEndpoint, pickItemLimit, stepTitle, withDeployment } from '../../startRun/sharedSteps';
import { type StartRunSteps, type StartRunUi } from '../../startRun/startRunUi';
import { YOKAIEVAL_BASICS } from './basics';
import { DEFAULT_JUDGE, PRESETS, defaultPresetFor } from './presets';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun } from './yokaiEvalRun';

/** What YokaiEval's Start Run steps settle. */
export interface YokaiEvalStartChoice {
  readonly endpoint: Endpoint;
  readonly model: string;
  readonly judge: string;
  readonly limit: number | null;
}

/** Provider (2/5), model (3/5), judge on the same endpoint (4/5, the last one offered), items (5/5). */
export async function askYokaiEvalRun(ui: StartRunUi): Promise<YokaiEvalStartChoice | undefined> {
  const endpoint = await pickEndpoint(ui, 2);
  if (endpoint === undefined) return undefined;
  const model = await askModelName(ui, 3, endpoint);
  if (model === undefined) return undefined;
  const judge = await ui.input({
    title: stepTitle(4, 'judge model (same endpoint and key as the model)'),
    prompt: "The LLM judge; the paper's judge is gpt-4o",
    value: ui.remembered('lastJudge') ?? DEFAULT_JUDGE.model,
    validate: (v) => (v.trim() === '' ? 'A judge model is required' : undefined),
  });
  if (judge === undefined) return undefined;
  await ui.remember('lastJudge', judge.trim());
  const limit = await pickItemLimit(ui, YOKAIEVAL_BASICS.items);
  if (limit === undefined) return undefined;
  return { endpoint, model: model.trim(), judge: judge.trim(), limit };
}

/** The CLI's defaults: the provider's preset (API models: `api`, else `open-weights`) and the official judge settings. */
export function yokaiEvalStartConfig(choice: YokaiEvalStartChoice): YokaiEvalRunConfig {
  const { endpoint, model, judge } = choice;
  const presetName = defaultPresetFor(endpoint.provider);
  const preset = PRESETS[presetName];
  return {
    model: { endpoint: withDeployment(endpoint, model), name: model, apiKeyEnv: null, systemPrompt: preset.model.systemPrompt, params: { temperature: preset.model.temperature, topP: preset.model.topP, maxTokens: preset.model.maxTokens } },
    judge: { endpoint: withDeployment(endpoint, judge), name: judge, apiKeyEnv: null, systemPrompt: null, params: { temperature: DEFAULT_JUDGE.temperature, topP: DEFAULT_JUDGE.topP, maxTokens: DEFAULT_JUDGE.maxTokens } },
    preset: presetName,
    wording: preset.wording,
    limit: choice.limit,
  };
}

export const YOKAIEVAL_START_RUN: StartRunSteps = {
  plan: async (ui) => {
    const choice = await askYokaiEvalRun(ui);
    if (choice === undefined) return undefined;
    const config = yokaiEvalStartConfig(choice);
    return { kind: 'endpoint', endpoint: choice.endpoint, modelName: choice.model, prepare: (env, runName) => prepareYokaiEvalRun(config, env, runName) };
  },
};
