import { type Wording } from './questionPrompt';

export type PresetName = 'api' | 'open-weights';
export const PRESET_NAMES: readonly PresetName[] = ['api', 'open-weights'];

/** The official code's system prompt for open-weight models (src/llm_functions.py). */
export const OFFICIAL_SYSTEM_PROMPT = '以下に、日本の妖怪に関する質問をする指示があります。質問に対する回答を記述してください。';

export interface GenerationSettings {
  readonly systemPrompt: string | null;
  readonly temperature: number | null;
  readonly topP: number | null;
  readonly maxTokens: number | null;
}

export interface Preset {
  readonly name: PresetName;
  readonly wording: Wording;
  readonly model: GenerationSettings;
  readonly description: string;
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  api: {
    name: 'api',
    wording: 'official-results',
    model: { systemPrompt: null, temperature: 0.7, topP: null, maxTokens: 200 },
    description:
      'The official API-model runs (GPT-4o through Azure): one user message, temperature 0.7, max_tokens 200, 「回答を1つ選び、回答のみ出力しなさい。」',
  },
  'open-weights': {
    name: 'open-weights',
    wording: 'dataset',
    model: { systemPrompt: OFFICIAL_SYSTEM_PROMPT, temperature: 0.1, topP: 1, maxTokens: 128 },
    description:
      "The official open-weight runs: the official system prompt, temperature 0.1, top_p 1, 128 new tokens, the dataset's wording",
  },
};

/** The official judge settings: GPT-4o in the paper; the repository's chat helper used temperature 0.7, max_tokens 200. */
export const DEFAULT_JUDGE: GenerationSettings & { readonly model: string } = {
  model: 'gpt-4o',
  systemPrompt: null,
  temperature: 0.7,
  topP: null,
  maxTokens: 200,
};

export function defaultPresetFor(provider: 'openai' | 'azure' | 'openai-compatible' | 'local'): PresetName {
  return provider === 'openai-compatible' || provider === 'local' ? 'open-weights' : 'api';
}
