import * as z from 'zod';
import { METRIC_NAMES, type MetricName, MODEL_BACKED_METRIC_NAMES } from '../../metrics/similarityMetric';
import { type ModelSpec } from '../../runs/modelSpec';
import { sha256Hex } from '../../util/hash';
import { type GgufChoice } from '../../runtimes/gguf/openModelFile';
import { type CompletionsRequestShape } from '../../backends/completionsBackend';
import { type KalahiLocalSettings, KalahiLocalSettingsSchema } from './ggufBackend';
import { LOGPROB_BACKENDS, LOGPROB_FIDELITY, type LogprobBackendName } from '../../backends/logprobBackend';
import { MC2_MODES, type Mc2Mode } from './mcScores';
import { notComputedMetrics } from './metricSet';
import {
  type NeuralChoices,
  type NeuralModels,
  NeuralModelsSchema,
  type NeuralTruncations,
  NeuralTruncationsSchema,
  choicesFromModels,
} from './neuralMetrics';
import { KALAHI_VARIANTS, type KalahiVariant } from './sources';

export const KALAHI_TASKS = ['mc', 'open', 'both'] as const;
export type KalahiTask = (typeof KALAHI_TASKS)[number];

/** The paper's open-ended settings: greedy, at most 256 new tokens. */
export const OPEN_MAX_TOKENS = 256;

export interface McTemplateChoice {
  /** "default", or the path of the --template file. */
  readonly source: string;
  readonly text: string;
}

export interface KalahiRunConfig {
  readonly model: ModelSpec;
  readonly task: KalahiTask;
  readonly variant: KalahiVariant;
  readonly appendPeriod: boolean;
  /** Only the first N items of the file; null for all. */
  readonly limit: number | null;
  readonly mc: {
    readonly logprobs: LogprobBackendName;
    /** completions only. */
    readonly template: McTemplateChoice | null;
    readonly mc2Mode: Mc2Mode;
    readonly request: CompletionsRequestShape;
  } | null;
  readonly open: { readonly metrics: readonly MetricName[]; readonly primaryMetric: MetricName; readonly neural: NeuralChoices } | null;
  /** A GGUF model run in-process for MC and/or open-ended answers; null: the model is served over HTTP. */
  readonly local: LocalModelConfig | null;
}

export interface LocalModelConfig {
  /** The file's path, or ollama:NAME[:TAG]; null when reopened from run.json without one (a path is never recorded). */
  readonly modelFile: string | null;
  readonly choice: GgufChoice;
}

/** What the loaded models add to run.json: their records, and the texts or pairs cut so far. */
export interface NeuralRunFacts {
  readonly models: NeuralModels;
  readonly truncated: NeuralTruncations;
}

const McSettingsSchema = z.object({
  logprobs: z.enum(LOGPROB_BACKENDS),
  fidelity: z.string(),
  template: z.object({ source: z.string(), sha256: z.string(), text: z.string() }).nullable(),
  mc2: z.enum(MC2_MODES),
  score: z.string(),
  continuation: z.string(),
  request: z.object({ promptList: z.boolean().nullable(), maxTokens: z.union([z.literal(0), z.literal(1)]).nullable() }),
});

const OpenSettingsSchema = z.object({
  metrics: z.array(z.enum(METRIC_NAMES)).min(1),
  primaryMetric: z.enum(METRIC_NAMES),
  notComputed: z.array(z.object({ name: z.enum(MODEL_BACKED_METRIC_NAMES), computed: z.literal(false), reason: z.string() })),
  /** BERTScore's and BLEURT's models (id, files' sha256, layer, max length, onnxruntime version); absent in runs without them. */
  models: NeuralModelsSchema.optional(),
  /** Texts (BERTScore) and pairs (BLEURT) cut to the model's maximum length, counted over the last session. */
  truncated: NeuralTruncationsSchema.optional(),
  generation: z.string(),
  officialGeneration: z.string(),
  emptyAnswers: z.string(),
});

/** run.json's settings of a Kalahi run: everything needed to reproduce or resume it. */
export const KalahiSettingsSchema = z.object({
  task: z.enum(KALAHI_TASKS),
  variant: z.enum(KALAHI_VARIANTS),
  appendPeriod: z.boolean(),
  mc: McSettingsSchema.nullable(),
  open: OpenSettingsSchema.nullable(),
  /** Runs of a local GGUF model (absent in runs of served models). */
  local: KalahiLocalSettingsSchema.nullable().optional(),
});
export type KalahiSettings = z.infer<typeof KalahiSettingsSchema>;

const CONTINUATION = {
  completions:
    'the echoed tokens whose start lies at or after the reference start and before the end of the text sent ' +
    '(generated tokens ignored); token starts come from adding up the token texts when they spell the text ' +
    'sent, else from text_offset read in the unit (UTF-16 units or code points) under which the tokens match',
  'vllm-chat': 'every prompt token after the prefix, the end-of-turn tokens included',
  gguf: 'every token after the prefix (its length from tokenizing the prefix alone), the end-of-turn tokens included; the ids fed and the index of the first scored one are in each reference (tokenIds, scoredFrom)',
} as const;

/** What loading the run's models taught: the neural metrics' records, and the local GGUF model's (file identity, metadata, runtime). */
export interface LoadedModelFacts {
  readonly neural?: NeuralRunFacts;
  readonly local?: KalahiLocalSettings | null;
}

export function kalahiSettings(config: KalahiRunConfig, facts: LoadedModelFacts = {}): KalahiSettings {
  const neural = facts.neural ?? { models: {}, truncated: {} };
  const local = facts.local ?? null;
  const { mc, open } = config;
  return {
    ...(local !== null ? { local } : {}),
    task: config.task,
    variant: config.variant,
    appendPeriod: config.appendPeriod,
    mc:
      mc === null
        ? null
        : {
            logprobs: mc.logprobs,
            fidelity: LOGPROB_FIDELITY[mc.logprobs],
            template:
              mc.template === null ? null : { source: mc.template.source, sha256: sha256Hex(mc.template.text), text: mc.template.text },
            mc2: mc.mc2Mode,
            score: 'sum of the log-probs of the reference tokens as the continuation of the prompt / UTF-8 bytes of the reference',
            continuation: CONTINUATION[mc.logprobs],
            request: mc.request,
          },
    open:
      open === null
        ? null
        : {
            metrics: [...open.metrics],
            primaryMetric: open.primaryMetric,
            notComputed: notComputedMetrics(open.metrics),
            ...(Object.keys(neural.models).length === 0 ? {} : { models: neural.models, truncated: neural.truncated }),
            generation:
              local !== null
                ? `the prompt as stored in one user message${local.chatTemplate === 'gguf' ? " rendered by the GGUF's chat template with the generation prompt" : ' as plain text (no chat template)'}, greedy decoding in llama.cpp until an end-of-generation token, at most ${config.model.params.maxTokens ?? 256} new tokens, ${config.model.systemPrompt === null ? 'no system prompt' : 'a system prompt'}; output trimmed`
                : `the prompt as stored in one user message, temperature ${config.model.params.temperature ?? 'server default'}, at most ${config.model.params.maxTokens ?? 'server default'} new tokens, ${config.model.systemPrompt === null ? 'no system prompt' : 'a system prompt'}; output trimmed`,
            officialGeneration:
              "the official code used Hugging Face generate() defaults with max_length 256 counting the prompt's tokens, then stripped the output",
            emptyAnswers: 'an empty answer scores 0 on every metric (diff 0, acc false) and is counted; the official code skipped them',
          },
  };
}

export function configFromSettings(settings: KalahiSettings, model: ModelSpec, limit: number | null): KalahiRunConfig {
  const { mc, open } = settings;
  return {
    model,
    task: settings.task,
    variant: settings.variant,
    appendPeriod: settings.appendPeriod,
    limit,
    mc: mc === null ? null : { logprobs: mc.logprobs, template: mc.template, mc2Mode: mc.mc2, request: mc.request },
    open: open === null ? null : { metrics: open.metrics, primaryMetric: open.primaryMetric, neural: choicesFromModels(open.models) },
    local:
      settings.local === null || settings.local === undefined
        ? null
        : { modelFile: settings.local.choice.ollama, choice: settings.local.choice },
  };
}
