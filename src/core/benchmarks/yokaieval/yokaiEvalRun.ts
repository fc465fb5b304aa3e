import * as z from 'zod';
import { type ResolveOptions } from '../../data/resolveSourceFile';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { sha256Hex } from '../../util/hash';
import { UserError } from '../../util/errors';
import { type ItemTask } from '../../runs/itemRunner';
import { type ClientEnvironment, type ModelSpec, createClient, modelRecord, specFromRecord } from '../../runs/modelSpec';
import { type RunManifest } from '../../runs/runManifest';
import { newRunManifest } from '../../runs/newRunManifest';
import { type RunKeys, type RunPreview, type RunSession } from '../../runs/runSession';
import { estimateTokens } from '../../util/estimateTokens';
import { type YokaiEvalItem } from './dataset';
import { evaluateYokaiItem, yokaiJudgeMessages, yokaiModelMessages } from './evaluateItem';
import { type PresetName } from './presets';
import { type Wording } from './questionPrompt';
import { loadYokaiEvalSources } from './sources';

export interface YokaiEvalRunConfig {
  readonly model: ModelSpec;
  readonly judge: ModelSpec;
  readonly preset: PresetName;
  readonly wording: Wording;
  /** Only the first N items of the dataset; null for all. */
  readonly limit: number | null;
}

export interface SessionEnvironment extends ClientEnvironment {
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
});

const QUESTION_PROMPT_FORMAT = 'question + "\\n- " + choice for each choice in stored order';

export async function prepareYokaiEvalRun(config: YokaiEvalRunConfig, env: SessionEnvironment, id: string): Promise<RunSession> {
  const sources = await loadYokaiEvalSources(env.sources);
  const selected = config.limit === null ? sources.items : sources.items.slice(0, config.limit);
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
    },
    options: { concurrency: env.concurrency, cache: env.useCache, limit: config.limit },
  });
  return sessionFor(manifest, config, sources.judgeTemplate, selected, env);
}

/** Rebuilds the session of an existing run from its run.json, to resume it or retry its errors. */
export async function reopenYokaiEvalRun(manifest: RunManifest, env: SessionEnvironment): Promise<RunSession> {
  if (manifest.model === null || manifest.judge === null) {
    throw new UserError(`run ${manifest.id} was imported, not run: it has no model to resume`);
  }
  if (manifest['sourceRun'] !== undefined) {
    throw new UserError(`run ${manifest.id} re-judged another run's responses; complete it with eval-adjudicator rejudge --resume or --retry-errors`);
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
  };
  return sessionFor(manifest, config, sources.judgeTemplate, selected, env);
}

function sessionFor(
  manifest: RunManifest,
  config: YokaiEvalRunConfig,
  judgeTemplate: string,
  items: readonly YokaiEvalItem[],
  env: SessionEnvironment,
): RunSession {
  const model = createClient(config.model, env.keys.model, env);
  const judge = createClient(config.judge, env.keys.judge, env);
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
  return {
    manifest,
    tasks,
    clients: [model, judge],
    updateManifest: (m) => ({ ...m, model: modelRecord(config.model, model), judge: modelRecord(config.judge, judge) }),
    preview: (shown) => previewYokaiEval(items, config, judgeTemplate, shown),
  };
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
