import { KALAHI_MANIFEST } from './manifest';
import { userCacheDir } from '../../data/cacheDir';
import { type ResolveOptions } from '../../data/resolveSourceFile';
import { type ChatCompleter } from '../../model/chatClient';
import { GgufChat } from '../../runtimes/gguf/ggufChat';
import { type OpenedGgufFile, openGgufFile, resolveModelFile } from '../../runtimes/gguf/openModelFile';
import { type ItemTask } from '../../runs/itemRunner';
import { type ClientEnvironment, createClient, modelRecord, specFromRecord } from '../../runs/modelSpec';
import { type RunManifest } from '../../runs/runManifest';
import { type PhaseListener } from '../../runs/runPhase';
import { newRunManifest } from '../../runs/newRunManifest';
import { type RequestCounter, type RunKeys, type RunSession } from '../../runs/runSession';
import { UserError } from '../../util/errors';
import { CompletionsBackend } from '../../backends/completionsBackend';
import { type KalahiItem } from './dataset';
import { GgufBackend, kalahiLocalSettings } from './ggufBackend';
import { type KalahiCallSettings, evaluateKalahiItem } from './evaluateItem';
import { type ItemLogprobs, type LogprobBackend } from '../../backends/logprobBackend';
import { type ReferenceScorer, neuralScorer, scorerFor } from './metricSet';
import { type LoadedNeuralMetrics, loadNeuralMetrics, neuralModels, neuralTruncations, releaseNeuralMetrics } from './neuralMetrics';
import { type MetricName } from '../../metrics/similarityMetric';
import { previewKalahi } from './preview';
import { probeLogprobs } from './logprobProbe';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate } from '../../backends/mcPromptTemplate';
import { createServerClient } from '../../backends/serverClient';
import {
  type KalahiRunConfig,
  KalahiSettingsSchema,
  type LoadedModelFacts,
  OPEN_MAX_TOKENS,
  configFromSettings,
  kalahiSettings,
} from './settings';
import { loadKalahiSources } from './sources';
import { VllmChatBackend } from '../../backends/vllmChatBackend';
import { KALAHI_BASICS } from './basics';

export interface KalahiSessionEnvironment extends ClientEnvironment {
  readonly sources: ResolveOptions;
  readonly keys: RunKeys;
  readonly concurrency: number;
  readonly useCache: boolean;
  /** A local model's file when resuming (run.json records only its name, sha256 and any ollama: name). */
  readonly modelFile?: string | undefined;
  /** Where relative model files and folders start, ollama: names are looked up and hub ids' cache folder is found (default: this process's). */
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Folders holding a node_modules with node-llama-cpp (the extension's storage). */
  readonly runtimeDirs?: readonly string[];
  /** Told of each step before the first result of a local model's run (see runPhase.ts). */
  readonly onPhase?: PhaseListener;
}

const NO_MODELS: LoadedNeuralMetrics = { bertscore: null, bleurt: null };

/** BERTScore's and BLEURT's models, loaded and checked once per run, before anything is written. */
function loadModels(config: KalahiRunConfig, env: KalahiSessionEnvironment): Promise<LoadedNeuralMetrics> {
  if (config.open === null) return Promise.resolve(NO_MODELS);
  return loadNeuralMetrics(config.open.neural, env.cwd ?? process.cwd(), env.env ?? process.env);
}

/** The run.json facts of the loaded models. */
function loadedFacts(config: KalahiRunConfig, models: LoadedNeuralMetrics, local: OpenedGgufFile | null): LoadedModelFacts {
  return {
    neural: { models: neuralModels(models), truncated: neuralTruncations(models) },
    local: local === null || config.local === null ? null : kalahiLocalSettings(local, config.local.choice),
  };
}

export async function prepareKalahiRun(config: KalahiRunConfig, env: KalahiSessionEnvironment, id: string): Promise<RunSession> {
  const sources = await loadKalahiSources(config.variant, env.sources);
  const selected = config.limit === null ? sources.items : sources.items.slice(0, config.limit);
  const local = config.local === null ? null : await openLocalModel(config, selected, env, null);
  const models = await loadModelsOrRelease(config, env, local);
  const manifest = newRunManifest({
    id,
    source: KALAHI_MANIFEST,
    task: config.task,
    variant: config.variant,
    files: [sources.file],
    datasetItems: sources.items.length,
    itemIds: selected.map((item) => item.id),
    model: modelRecord(config.model),
    judge: null,
    settings: kalahiSettings(config, loadedFacts(config, models, local)),
    options: { concurrency: env.concurrency, cache: env.useCache, limit: config.limit },
  });
  return sessionFor(manifest, config, selected, env, local, models);
}

/** Rebuilds the session of an existing Kalahi run from its run.json, to resume it or retry its errors. */
export async function reopenKalahiRun(manifest: RunManifest, env: KalahiSessionEnvironment): Promise<RunSession> {
  if (manifest.model === null) throw new UserError(`run ${manifest.id} was imported, not run: it has no model to resume`);
  const parsed = KalahiSettingsSchema.safeParse(manifest.settings);
  if (!parsed.success)
    throw new UserError(
      `run ${manifest.id}: run.json's settings are not those of a Kalahi run (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  const config = configFromSettings(parsed.data, specFromRecord(manifest.model), manifest.options.limit);
  const sources = await loadKalahiSources(config.variant, env.sources);
  for (const recorded of manifest.dataset.files) {
    if (recorded.sha256 !== sources.file.sha256) {
      throw new UserError(`run ${manifest.id} was made from ${recorded.path} with sha256 ${recorded.sha256}; the file found now differs`);
    }
  }
  const byId = new Map(sources.items.map((item) => [item.id, item]));
  const selected = manifest.dataset.itemIds.map((itemId) => {
    const item = byId.get(itemId);
    if (item === undefined) throw new UserError(`run ${manifest.id}: item ${itemId} is not in ${sources.file.path}`);
    return item;
  });
  const local = config.local === null ? null : await openLocalModel(config, selected, env, parsed.data.local?.file.sha256 ?? null);
  const models = await loadModelsOrRelease(config, env, local);
  return sessionFor(manifest, config, selected, env, local, models);
}

/**
 * Loads the GGUF model and checks, before anything is written, that it fits: a bad file, a runtime that
 * is not installed, or a context too small for the longest prompt+reference each fail in one line.
 * `expectedSha256`: when resuming, the file must be the one the run was made with.
 */
async function openLocalModel(
  config: KalahiRunConfig,
  items: readonly KalahiItem[],
  env: KalahiSessionEnvironment,
  expectedSha256: string | null,
): Promise<OpenedGgufFile> {
  const local = config.local;
  if (local === null) throw new Error('no local model');
  const given = env.modelFile ?? local.modelFile;
  if (given === null) {
    throw new UserError(
      'this run was made with a local model file, whose folder run.json does not record: give its path again with --model-file PATH.gguf',
    );
  }
  const { path } = resolveModelFile(given, env.cwd ?? process.cwd(), env.env ?? process.env);
  const opened = await openGgufFile(path, local.choice, {
    cwd: env.cwd ?? process.cwd(),
    env: env.env ?? process.env,
    cacheDir: env.sources.cacheDir ?? userCacheDir(env.env ?? process.env),
    ...(env.runtimeDirs !== undefined ? { runtimeDirs: env.runtimeDirs } : {}),
    ...(env.sources.signal !== undefined ? { signal: env.sources.signal } : {}),
    ...(env.onPhase !== undefined ? { onPhase: env.onPhase } : {}),
  });
  try {
    if (expectedSha256 !== null && opened.file.sha256 !== expectedSha256) {
      throw new UserError(
        `${opened.file.name}: its sha256 ${opened.file.sha256} is not the ${expectedSha256} this run was made with: give the same model file`,
      );
    }
    env.onPhase?.({
      step: 'checking-fit',
      message: `checking that the ${items.length} items fit the context of ${opened.model.contextSize} tokens`,
    });
    await new GgufBackend(opened.model).checkFits(
      items,
      config.appendPeriod,
      config.open === null ? null : (config.model.params.maxTokens ?? OPEN_MAX_TOKENS),
      env.sources.signal,
    );
  } catch (error) {
    await opened.model.dispose();
    throw error;
  }
  return opened;
}

/** A neural model that fails to load must not leave the GGUF model loaded. */
async function loadModelsOrRelease(
  config: KalahiRunConfig,
  env: KalahiSessionEnvironment,
  local: OpenedGgufFile | null,
): Promise<LoadedNeuralMetrics> {
  try {
    return await loadModels(config, env);
  } catch (error) {
    await local?.model.dispose();
    throw error;
  }
}

function scorerOf(name: MetricName, models: LoadedNeuralMetrics): ReferenceScorer {
  if (name === 'bertscore' || name === 'bleurt') {
    const metric = models[name];
    if (metric === null) throw new Error(`${name} was chosen without its model`);
    return neuralScorer(metric);
  }
  return scorerFor(name);
}

/** Frees the in-process models once, however many callers ask (the run's end, the CLI, the extension). */
function releaserOf(models: LoadedNeuralMetrics, local: OpenedGgufFile | null): () => Promise<void> {
  let released: Promise<void> | undefined;
  return () => (released ??= Promise.all([releaseNeuralMetrics(models), local?.model.dispose()]).then(() => undefined));
}

function sessionFor(
  manifest: RunManifest,
  config: KalahiRunConfig,
  items: readonly KalahiItem[],
  env: KalahiSessionEnvironment,
  local: OpenedGgufFile | null,
  models: LoadedNeuralMetrics,
): RunSession {
  const chat: (ChatCompleter & RequestCounter & { served?: { model: string | null; systemFingerprint: string | null } }) | null =
    config.open === null ? null : local !== null ? new GgufChat(local.model) : createClient(config.model, env.keys.model, env);
  const backend: LogprobBackend | null =
    config.mc === null ? null : local !== null ? new GgufBackend(local.model) : createBackend(config, env);
  const settings: KalahiCallSettings = {
    appendPeriod: config.appendPeriod,
    mc: backend === null || config.mc === null ? null : { backend, mc2Mode: config.mc.mc2Mode, modelName: config.model.name },
    open:
      chat === null || config.open === null
        ? null
        : {
            model: chat,
            modelName: config.model.name,
            params: config.model.params,
            systemPrompt: config.model.systemPrompt,
            scorers: config.open.metrics.map((name) => scorerOf(name, models)),
            primaryMetric: config.open.primaryMetric,
          },
  };
  const byId = new Map(items.map((item) => [item.id, item]));
  const primed = new Map<string, Promise<ItemLogprobs>>();
  const tasks = new Map<string, ItemTask>(
    items.map((item) => [
      item.id,
      {
        itemId: item.id,
        run: (signal: AbortSignal) => {
          const ready = primed.get(item.id);
          primed.delete(item.id);
          return evaluateKalahiItem(item, settings, signal, ready);
        },
      },
    ]),
  );
  let probe: Promise<void> | undefined;
  let announced = false;
  const clients: RequestCounter[] = [...(chat === null ? [] : [chat]), ...(backend === null ? [] : [backend.counter])];
  return {
    manifest,
    basics: KALAHI_BASICS,
    tasks,
    clients,
    preflight: (itemIds, signal, workers = 1) => {
      const [first, ...beside] = itemIds.slice(0, Math.max(1, workers)).map((id) => byId.get(id));
      const mc = settings.mc;
      // Asked once per run (startRun, then continueRun ask again): the phase is said once.
      if (local !== null && first !== undefined && !announced) {
        env.onPhase?.({
          step: 'first-item',
          message: `${mc !== null ? 'scoring' : 'answering'} item ${first.id}, the first of ${itemIds.length}`,
        });
        announced = true;
      }
      if (mc === null || first === undefined) return Promise.resolve();
      const others = beside.filter((item) => item !== undefined);
      probe ??= probeLogprobs(first, others, { appendPeriod: settings.appendPeriod, mc }, primed, signal ?? new AbortController().signal);
      return probe;
    },
    updateManifest: (m) => {
      const served = chat?.served !== undefined && chat.served.model !== null ? chat.served : backend?.served;
      const record = {
        ...modelRecord(config.model),
        servedModel: served?.model ?? null,
        systemFingerprint: served?.systemFingerprint ?? null,
      };
      const learned =
        backend instanceof CompletionsBackend && config.mc !== null
          ? { ...config, mc: { ...config.mc, request: backend.learned() } }
          : config;
      return { ...m, model: record, settings: kalahiSettings(learned, loadedFacts(config, models, local)) };
    },
    release: releaserOf(models, local),
    preview: (shown) => previewKalahi(items, config, shown),
  };
}

function createBackend(config: KalahiRunConfig, env: KalahiSessionEnvironment): LogprobBackend {
  const mc = config.mc;
  if (mc === null) throw new Error('no MC settings');
  const client = createServerClient(config.model.endpoint, env.keys.model, env);
  if (mc.logprobs === 'vllm-chat') return new VllmChatBackend(client, config.model.name);
  const template = parseMcTemplate(mc.template?.text ?? DEFAULT_MC_TEMPLATE, mc.template?.source ?? 'the default template');
  return new CompletionsBackend(client, config.model.name, template, mc.request);
}
