import * as z from 'zod';
import { type ResolveOptions } from '../../data/resolveSourceFile';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { sha256Hex } from '../../util/hash';
import { UserError } from '../../util/errors';
import { type ItemTask } from '../../runs/itemRunner';
import { type ClientEnvironment, type ModelSpec, createClient, modelRecord, specFromRecord } from '../../runs/modelSpec';
import { type RunManifest } from '../../runs/runManifest';
import { newRunManifest } from '../../runs/newRunManifest';
import { type RequestCounter, type RunKeys, type RunPreview, type RunSession } from '../../runs/runSession';
import { ChatClient, type ChatCompleter } from '../../model/chatClient';
import { GGUF_DEFAULT_MAX_TOKENS } from '../../runtimes/gguf/ggufChat';
import { estimateTokens } from '../../util/estimateTokens';
import { type YokaiEvalItem } from './dataset';
import { evaluateYokaiItem, yokaiJudgeMessages, yokaiModelMessages } from './evaluateItem';
import { type PresetName } from './presets';
import { type Wording } from './questionPrompt';
import { loadYokaiEvalSources } from './sources';
import {
  type LocalEnvironment,
  NO_LOCAL_MODELS,
  type OpenedLocalModels,
  type YokaiLocalConfig,
  type YokaiLocalSettings,
  YokaiLocalSettingsSchema,
  localChat,
  localConfigFromSettings,
  openFittingLocalModels,
  yokaiLocalSettings,
} from './localModels';
import { YOKAIEVAL_BASICS } from './basics';

export interface YokaiEvalRunConfig {
  readonly model: ModelSpec;
  readonly judge: ModelSpec;
  readonly preset: PresetName;
  readonly wording: Wording;
  /** Only the first N items of the dataset; null for all. */
  readonly limit: number | null;
  /** GGUF models run in-process for the model and/or the judge (absent: both served). */
  readonly local?: YokaiLocalConfig;
}

export interface SessionEnvironment extends ClientEnvironment, LocalEnvironment {
  readonly sources: ResolveOptions;
  readonly keys: RunKeys;
  readonly concurrency: number;
  readonly useCache: boolean;
}

export const YokaiEvalSettingsSchema = z.object({
  preset: z.enum(['api', 'open-weights']),
  wording: z.enum(['dataset', 'official-results']),
  judgeTemplateSha256: z.string(),
  questionPromptFormat: z.string(),
  /** Runs with a local model or judge (absent when both are served). */
  local: YokaiLocalSettingsSchema.optional(),
});

const QUESTION_PROMPT_FORMAT = 'question + "\\n- " + choice for each choice in stored order';

export async function prepareYokaiEvalRun(config: YokaiEvalRunConfig, env: SessionEnvironment, id: string): Promise<RunSession> {
  const sources = await loadYokaiEvalSources(env.sources);
  const selected = config.limit === null ? sources.items : sources.items.slice(0, config.limit);
  const local = await openChecked(config, sources.judgeTemplate, selected, env, null);
  const localSettings = yokaiLocalSettings(config.local ?? NO_LOCAL_MODELS, local);
  const manifest = newRunManifest({
    id,
    source: YOKAIEVAL_MANIFEST,
    task: 'judge',
    files: sources.files,
    datasetItems: sources.items.length,
    itemIds: selected.map((item) => item.id),
    model: modelRecord(config.model),
    judge: modelRecord(config.judge),
    settings: {
      preset: config.preset,
      wording: config.wording,
      judgeTemplateSha256: sha256Hex(sources.judgeTemplate),
      questionPromptFormat: QUESTION_PROMPT_FORMAT,
      ...(localSettings !== null ? { local: localSettings } : {}),
    },
    options: { concurrency: env.concurrency, cache: env.useCache, limit: config.limit },
  });
  return sessionFor(manifest, config, sources.judgeTemplate, selected, env, local);
}

/** Rebuilds the session of an existing run from its run.json, to resume it or retry its errors. */
export async function reopenYokaiEvalRun(manifest: RunManifest, env: SessionEnvironment): Promise<RunSession> {
  if (manifest.model === null || manifest.judge === null) {
    throw new UserError(`run ${manifest.id} was imported, not run: it has no model to resume`);
  }
  if (manifest['sourceRun'] !== undefined) {
    throw new UserError(
      `run ${manifest.id} re-judged another run's responses; complete it with eval-adjudicator rejudge --resume or --retry-errors`,
    );
  }
  const settings = YokaiEvalSettingsSchema.parse(manifest.settings);
  const sources = await loadYokaiEvalSources(env.sources);
  for (const recorded of manifest.dataset.files) {
    const now = sources.files.find((f) => f.key === recorded.key);
    if (now === undefined || now.sha256 !== recorded.sha256) {
      throw new UserError(`run ${manifest.id} was made from ${recorded.path} with sha256 ${recorded.sha256}; the file found now differs`);
    }
  }
  const byId = new Map(sources.items.map((item) => [item.id, item]));
  const selected = manifest.dataset.itemIds.map((id) => {
    const item = byId.get(id);
    if (item === undefined) throw new UserError(`run ${manifest.id}: item ${id} is not in the dataset`);
    return item;
  });
  const config: YokaiEvalRunConfig = {
    model: specFromRecord(manifest.model),
    judge: specFromRecord(manifest.judge),
    preset: settings.preset,
    wording: settings.wording,
    limit: manifest.options.limit,
    local: localConfigFromSettings(settings.local),
  };
  const local = await openChecked(config, sources.judgeTemplate, selected, env, settings.local ?? null);
  return sessionFor(manifest, config, sources.judgeTemplate, selected, env, local);
}

/** The local models loaded and checked to fit every request, before anything is written. */
function openChecked(
  config: YokaiEvalRunConfig,
  judgeTemplate: string,
  items: readonly YokaiEvalItem[],
  env: SessionEnvironment,
  expected: YokaiLocalSettings | null,
): Promise<OpenedLocalModels> {
  const local = config.local ?? NO_LOCAL_MODELS;
  if (local.model === null && local.judge === null) return openFittingLocalModels(local, NO_REQUESTS, env, expected);
  const answerTokens = config.model.params.maxTokens ?? GGUF_DEFAULT_MAX_TOKENS;
  return openFittingLocalModels(
    local,
    {
      model: {
        requests:
          local.model === null
            ? []
            : items.map((item) => ({ itemId: item.id, messages: yokaiModelMessages(item, config.wording, config.model.systemPrompt) })),
        newTokens: answerTokens,
      },
      judge: {
        requests:
          local.judge === null
            ? []
            : items.map((item) => ({ itemId: item.id, messages: yokaiJudgeMessages(item, config.wording, judgeTemplate, '') })),
        newTokens: answerTokens + (config.judge.params.maxTokens ?? GGUF_DEFAULT_MAX_TOKENS),
      },
    },
    env,
    expected,
  );
}

const NO_REQUESTS = { model: { requests: [], newTokens: 0 }, judge: { requests: [], newTokens: 0 } };

function sessionFor(
  manifest: RunManifest,
  config: YokaiEvalRunConfig,
  judgeTemplate: string,
  items: readonly YokaiEvalItem[],
  env: SessionEnvironment,
  local: OpenedLocalModels,
): RunSession {
  const seed = config.local?.seed ?? 0;
  const model: ChatCompleter & RequestCounter =
    local.model !== null ? localChat(local.model, seed) : createClient(config.model, env.keys.model, env);
  const judge: ChatCompleter & RequestCounter =
    local.judge !== null ? localChat(local.judge, seed) : createClient(config.judge, env.keys.judge, env);
  const tasks = new Map<string, ItemTask>(
    items.map((item) => [
      item.id,
      {
        itemId: item.id,
        run: (signal: AbortSignal) =>
          evaluateYokaiItem(
            item,
            {
              model,
              modelName: config.model.name,
              modelParams: config.model.params,
              systemPrompt: config.model.systemPrompt,
              judge,
              judgeModelName: config.judge.name,
              judgeParams: config.judge.params,
              judgeTemplate,
              wording: config.wording,
            },
            signal,
          ),
      },
    ]),
  );
  let announced = false;
  return {
    manifest,
    basics: YOKAIEVAL_BASICS,
    tasks,
    clients: [model, judge],
    updateManifest: (m) => ({ ...m, model: modelRecord(config.model, served(model)), judge: modelRecord(config.judge, served(judge)) }),
    preflight: (itemIds) => {
      // Said once per run (startRun, then continueRun ask again), and only where loading took a while.
      if ((local.model !== null || local.judge !== null) && !announced && itemIds[0] !== undefined) {
        env.onPhase?.({ step: 'first-item', message: `answering and judging item ${itemIds[0]}, the first of ${itemIds.length}` });
        announced = true;
      }
      return Promise.resolve();
    },
    release: local.release,
    preview: (shown) => previewYokaiEval(items, config, judgeTemplate, shown),
  };
}

function served(client: ChatCompleter): ChatClient | undefined {
  return client instanceof ChatClient ? client : undefined;
}

const RESPONSE_PLACEHOLDER = '<the model response>';

function previewYokaiEval(items: readonly YokaiEvalItem[], config: YokaiEvalRunConfig, judgeTemplate: string, shown: number): RunPreview {
  const requestsOf = (item: YokaiEvalItem): RunPreview['first'][number]['requests'] => [
    { label: 'model', model: config.model.name, messages: yokaiModelMessages(item, config.wording, config.model.systemPrompt) },
    { label: 'judge', model: config.judge.name, messages: yokaiJudgeMessages(item, config.wording, judgeTemplate, RESPONSE_PLACEHOLDER) },
  ];
  let promptTokenEstimate = 0;
  for (const item of items) {
    for (const request of requestsOf(item)) promptTokenEstimate += estimateTokens(request.messages.map((m) => m.content).join('\n'));
  }
  const perItemCompletion = (config.model.params.maxTokens ?? 0) + (config.judge.params.maxTokens ?? 0);
  return {
    first: items.slice(0, shown).map((item) => ({ itemId: item.id, requests: requestsOf(item) })),
    requestCount: items.length * 2,
    promptTokenEstimate,
    maxCompletionTokens: items.length * perItemCompletion,
    notes: [`judge prompts are estimated with the response "${RESPONSE_PLACEHOLDER}"; the real ones also hold each response`],
  };
}
