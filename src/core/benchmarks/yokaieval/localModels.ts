import * as z from 'zod';
import { userCacheDir } from '../../data/cacheDir';
import { type ResolveOptions } from '../../data/resolveSourceFile';
import { type ChatMessage } from '../../model/chatClient';
import { GgufChat, chatPromptSource } from '../../runtimes/gguf/ggufChat';
import { GgufFileRecordSchema } from '../../runtimes/gguf/ggufRecord';
import {
  type GgufChoice,
  GgufChoiceSchema,
  GgufRuntimeRecordSchema,
  type OpenedGgufFile,
  openGgufFile,
  resolveModelFile,
} from '../../runtimes/gguf/openModelFile';
import { UserError } from '../../util/errors';
import { type PhaseListener } from '../../runs/runPhase';

/** A GGUF model run in-process for the answers or the judge's replies. */
export interface YokaiLocalModel {
  /** The file's path, or ollama:NAME[:TAG]; null when reopened from run.json without one (a path is never recorded). */
  readonly modelFile: string | null;
  readonly choice: GgufChoice;
}

export interface YokaiLocalConfig {
  readonly model: YokaiLocalModel | null;
  readonly judge: YokaiLocalModel | null;
  /** The run's seed: each request's seed comes from it and the request (GgufChat). */
  readonly seed: number;
}

const LocalRecordSchema = z.object({
  choice: GgufChoiceSchema,
  file: GgufFileRecordSchema,
  runtime: GgufRuntimeRecordSchema,
  chatTemplate: z.enum(['gguf', 'none: the messages as plain lines']),
});

/** run.json's settings.local of a YokaiEval run with a local model or judge: each file's identity and runtime, and the seed. */
export const YokaiLocalSettingsSchema = z.object({
  model: LocalRecordSchema.nullable(),
  judge: LocalRecordSchema.nullable(),
  seed: z.number().int().nonnegative(),
  sampling: z.string(),
});
export type YokaiLocalSettings = z.infer<typeof YokaiLocalSettingsSchema>;

const SAMPLING =
  "each request's messages rendered by the GGUF's chat template with the generation prompt; temperature 0 (or none) greedy, else llama.cpp's top-p then temperature over the whole vocabulary and a draw seeded by a sha256 of the run's seed, the messages and the sample index";

export interface LocalEnvironment {
  readonly sources: ResolveOptions;
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly runtimeDirs?: readonly string[];
  /** Told of each step before the first result (runtime, loading, hashing, fit check). */
  readonly onPhase?: PhaseListener;
  /** When resuming: the files given again (run.json records only their names, sha256 and any ollama: name). */
  readonly modelFile?: string | undefined;
  readonly judgeModelFile?: string | undefined;
}

export interface OpenedLocalModels {
  readonly model: OpenedGgufFile | null;
  readonly judge: OpenedGgufFile | null;
  release(): Promise<void>;
}

const OPTION = { model: '--model-file', judge: '--judge-model-file' } as const;

/**
 * Loads the run's local models, each checked before anything is written (a bad file or a missing runtime
 * fails in one line naming it). The same file with the same settings for model and judge is loaded once.
 * `expected`: when resuming, each file's sha256 must be the one the run was made with.
 */
export async function openYokaiLocalModels(
  config: YokaiLocalConfig,
  env: LocalEnvironment,
  expected: YokaiLocalSettings | null,
): Promise<OpenedLocalModels> {
  const cwd = env.cwd ?? process.cwd();
  const processEnv = env.env ?? process.env;
  const pathOf = (role: 'model' | 'judge', local: YokaiLocalModel): string => {
    const given = (role === 'model' ? env.modelFile : env.judgeModelFile) ?? local.modelFile;
    if (given === null)
      throw new UserError(
        `this run's ${role} was a local model file, whose folder run.json does not record: give its path again with ${OPTION[role]} PATH.gguf`,
      );
    return resolveModelFile(given, cwd, processEnv).path;
  };
  const open = async (role: 'model' | 'judge', local: YokaiLocalModel, path: string): Promise<OpenedGgufFile> => {
    const opened = await openGgufFile(path, local.choice, {
      cwd,
      env: processEnv,
      cacheDir: env.sources.cacheDir ?? userCacheDir(processEnv),
      ...(env.runtimeDirs !== undefined ? { runtimeDirs: env.runtimeDirs } : {}),
      ...(env.sources.signal !== undefined ? { signal: env.sources.signal } : {}),
      ...(env.onPhase !== undefined ? { onPhase: env.onPhase } : {}),
    });
    const wanted = expected?.[role]?.file.sha256;
    if (wanted !== undefined && opened.file.sha256 !== wanted) {
      await opened.model.dispose();
      throw new UserError(
        `${opened.file.name}: its sha256 ${opened.file.sha256} is not the ${wanted} this run's ${role} was made with: give the same file with ${OPTION[role]}`,
      );
    }
    return opened;
  };
  const modelPath = config.model === null ? null : pathOf('model', config.model);
  const judgePath = config.judge === null ? null : pathOf('judge', config.judge);
  const model = config.model === null || modelPath === null ? null : await open('model', config.model, modelPath);
  let judge: OpenedGgufFile | null = null;
  try {
    const shared =
      model !== null && judgePath === modelPath && JSON.stringify(config.judge?.choice) === JSON.stringify(config.model?.choice);
    judge = shared ? model : config.judge === null || judgePath === null ? null : await open('judge', config.judge, judgePath);
  } catch (error) {
    await model?.model.dispose();
    throw error;
  }
  let released: Promise<void> | undefined;
  const release = (): Promise<void> =>
    (released ??= Promise.all([model?.model.dispose(), judge !== model ? judge?.model.dispose() : undefined]).then(() => undefined));
  return { model, judge, release };
}

/** run.json's record of the loaded local models; null when both are served. */
export function yokaiLocalSettings(config: YokaiLocalConfig, opened: OpenedLocalModels): YokaiLocalSettings | null {
  if (opened.model === null && opened.judge === null) return null;
  const record = (local: YokaiLocalModel | null, file: OpenedGgufFile | null): z.infer<typeof LocalRecordSchema> | null =>
    local === null || file === null
      ? null
      : {
          choice: local.choice,
          file: file.file,
          runtime: file.runtime,
          chatTemplate: file.model.hasTemplate ? 'gguf' : 'none: the messages as plain lines',
        };
  return { model: record(config.model, opened.model), judge: record(config.judge, opened.judge), seed: config.seed, sampling: SAMPLING };
}

/** The local config a run.json's settings.local describes (files given again on resume; ollama: names found again). */
export function localConfigFromSettings(settings: YokaiLocalSettings | undefined): YokaiLocalConfig {
  const of = (record: YokaiLocalSettings['model']): YokaiLocalModel | null =>
    record === null ? null : { modelFile: record.choice.ollama, choice: record.choice };
  return settings === undefined ? NO_LOCAL_MODELS : { model: of(settings.model), judge: of(settings.judge), seed: settings.seed };
}

export const NO_LOCAL_MODELS: YokaiLocalConfig = { model: null, judge: null, seed: 0 };

/** A chat completer on a loaded local model, seeded with the run's seed. */
export function localChat(opened: OpenedGgufFile, seed: number): GgufChat {
  return new GgufChat(opened.model, seed);
}

export interface LocalRequest {
  readonly itemId: string;
  readonly messages: readonly ChatMessage[];
}

/** Each local role's requests and the new tokens each may add (the judge's also hold the response: counted as the model's max new tokens). */
export interface LocalRequests {
  readonly model: { readonly requests: readonly LocalRequest[]; readonly newTokens: number };
  readonly judge: { readonly requests: readonly LocalRequest[]; readonly newTokens: number };
}

/**
 * The local models loaded, and every request checked to fit its context, before anything is written.
 * A model whose context was left to the default (--context not given) and is too small for the longest
 * request is loaded again with a context that fits, up to the model's own training context; otherwise
 * the run is refused in one line naming the file, the item and the --context needed.
 */
export async function openFittingLocalModels(
  config: YokaiLocalConfig,
  requests: LocalRequests,
  env: LocalEnvironment,
  expected: YokaiLocalSettings | null,
): Promise<OpenedLocalModels> {
  let opened = await openYokaiLocalModels(config, env, expected);
  if (opened.model !== null || opened.judge !== null)
    env.onPhase?.({
      step: 'checking-fit',
      message: `checking that the ${Math.max(requests.model.requests.length, requests.judge.requests.length)} items fit the local models' contexts`,
    });
  let needs = await measure(opened, requests, env.sources.signal);
  const grown = grownConfig(config, opened, needs);
  if (grown !== null) {
    await opened.release();
    opened = await openYokaiLocalModels(grown, env, expected);
    needs = await measure(opened, requests, env.sources.signal);
  }
  for (const role of ['model', 'judge'] as const) {
    const file = opened[role];
    const need = needs[role];
    if (file === null || need === null || need.tokens <= file.model.contextSize) continue;
    await opened.release();
    const what = role === 'judge' ? 'judge prompt (with room for the response)' : 'question';
    throw new UserError(
      `${file.model.fileName}: item ${need.itemId}'s ${what} and ${requests[role].newTokens} new tokens need ${need.tokens} tokens, more than the context of ${file.model.contextSize}: give --context ${need.tokens} or more`,
    );
  }
  return opened;
}

type Needs = Record<'model' | 'judge', { readonly tokens: number; readonly itemId: string } | null>;

/** Each role's longest request in tokens (its rendered prompt and its new tokens), measured by the runtime in one request per role. */
async function measure(opened: OpenedLocalModels, requests: LocalRequests, signal: AbortSignal | undefined): Promise<Needs> {
  const longest = async (file: OpenedGgufFile | null, role: 'model' | 'judge'): Promise<Needs['model']> => {
    if (file === null) return null;
    const { requests: list, newTokens } = requests[role];
    const counts = await file.model.measure(
      list.map((request) => chatPromptSource(file.model, request.messages)),
      signal,
    );
    let most = { tokens: 0, itemId: '' };
    counts.forEach((count, i) => {
      if (count + newTokens > most.tokens) most = { tokens: count + newTokens, itemId: list[i]?.itemId ?? '' };
    });
    return most;
  };
  return { model: await longest(opened.model, 'model'), judge: await longest(opened.judge, 'judge') };
}

/** The config with larger contexts where a default context is too small and the model's training context allows it; null when nothing grows. */
function grownConfig(config: YokaiLocalConfig, opened: OpenedLocalModels, needs: Needs): YokaiLocalConfig | null {
  const grownChoice = (local: YokaiLocalModel | null, file: OpenedGgufFile | null, need: number): YokaiLocalModel['choice'] | null => {
    if (
      local === null ||
      file === null ||
      local.choice.contextSize !== null ||
      need <= file.model.contextSize ||
      need > (file.file.contextLength ?? 0)
    )
      return null;
    return { ...local.choice, contextSize: need };
  };
  if (opened.model !== null && opened.model === opened.judge) {
    // One file for both roles: the larger need for both, so that it is still loaded once.
    const choice = grownChoice(config.model, opened.model, Math.max(needs.model?.tokens ?? 0, needs.judge?.tokens ?? 0));
    if (choice === null || config.model === null || config.judge === null) return null;
    return { ...config, model: { ...config.model, choice }, judge: { ...config.judge, choice } };
  }
  const model = grownChoice(config.model, opened.model, needs.model?.tokens ?? 0);
  const judge = grownChoice(config.judge, opened.judge, needs.judge?.tokens ?? 0);
  if (model === null && judge === null) return null;
  return {
    ...config,
    model: model === null || config.model === null ? config.model : { ...config.model, choice: model },
    judge: judge === null || config.judge === null ? config.judge : { ...config.judge, choice: judge },
  };
}
