import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { userCacheDir } from '../core/data/cacheDir';
import { dataDirFrom } from '../core/data/resolveSourceFile';
import { RequestPool } from '../core/model/requestPool';
import { DEFAULT_RETRY_POLICY } from '../core/model/retryPolicy';
import { type LlmJudge } from '../core/contract/benchmark';
import { responseCacheIn } from '../core/runs/executeRun';
import { type ClientEnvironment, type ModelSpec, specFromRecord } from '../core/runs/modelSpec';
import { type ModelRecord } from '../core/runs/runManifest';
import { UserError, errorMessage } from '../core/util/errors';
import { type CliIo } from '../core/commandLine/io';
import { endpointFrom, endpointOptionSpecs } from '../core/commandLine/endpointOptions';
import { type Parsed, flag, numberOption, stringOption } from '../core/commandLine/options';
import { samplingParams } from '../core/commandLine/samplingOptions';

/** Options naming a judge and how to reach it, shared by rejudge and stability. */
export const JUDGE_OPTIONS = {
  'judge-model': { type: 'string' },
  ...endpointOptionSpecs('judge-'),
  'judge-temperature': { type: 'string' },
  'judge-top-p': { type: 'string' },
  'judge-max-tokens': { type: 'string' },
  'judge-template': { type: 'string' },
  data: { type: 'string' },
  concurrency: { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  timeout: { type: 'string' },
  'max-attempts': { type: 'string' },
} as const;

export const JUDGE_OPTIONS_HELP = `Judge (default: the run's own judge, else its model's endpoint, else OpenAI):
  --judge-model M           --judge-provider P  --judge-base-url U  --judge-deployment D
  --judge-api-version V     --judge-api-key-env VAR (default OPENAI_API_KEY; keys are never written)
  --judge-temperature T     --judge-top-p P  --judge-max-tokens N  (default: the run's judge, else 0.7, 200)
  --judge-template FILE     a judge prompt in the official template's format ({question}, {correct},
                            {response}); default the official judge_prompt.txt, found via --data
Requests:
  --concurrency N (default 8)  --timeout SECONDS (120)  --max-attempts N (${DEFAULT_RETRY_POLICY.maxAttempts})
  --cache-dir DIR  --no-cache  --data DIR (local copies of the official files, as for run)
`;

/** Whether any option asks for another judge than the run's. */
export function judgeOverridden(parsed: Parsed): boolean {
  return Object.keys(JUDGE_OPTIONS).some((name) => name.startsWith('judge-') && parsed.values[name] !== undefined);
}

/** The judge to ask: the options over the recorded judge (or, failing that, the run's model endpoint). */
export function judgeSpecFrom(
  command: string,
  parsed: Parsed,
  judge: LlmJudge,
  recorded: ModelRecord | null,
  modelRecord: ModelRecord | null,
): ModelSpec {
  const fallbackJudge = judge.defaults;
  const base =
    recorded !== null
      ? specFromRecord(recorded)
      : modelRecord !== null
        ? { ...specFromRecord(modelRecord), name: fallbackJudge.model, systemPrompt: null }
        : undefined;
  const fallback = base === undefined ? undefined : { endpoint: base.endpoint, apiKeyEnv: base.apiKeyEnv ?? 'OPENAI_API_KEY' };
  const endpoint = endpointFrom(command, parsed, 'judge-', fallback);
  const name = stringOption(parsed, 'judge-model') ?? base?.name ?? fallbackJudge.model;
  const defaults =
    recorded !== null
      ? specFromRecord(recorded).params
      : { temperature: fallbackJudge.temperature, topP: fallbackJudge.topP, maxTokens: fallbackJudge.maxTokens };
  const azureDeployment = endpoint.endpoint.provider === 'azure' && endpoint.endpoint.deployment === undefined ? { deployment: name } : {};
  return {
    endpoint: { ...endpoint.endpoint, ...azureDeployment },
    name,
    apiKeyEnv: endpoint.apiKeyEnv,
    systemPrompt: null,
    params: samplingParams(command, parsed, 'judge-', defaults),
  };
}

export interface RequestSetup extends ClientEnvironment {
  readonly concurrency: number;
  readonly useCache: boolean;
}

export function requestSetup(command: string, parsed: Parsed, io: CliIo, defaultConcurrency = 8): RequestSetup {
  const concurrency = numberOption(command, parsed, 'concurrency', { integer: true, min: 1, max: 1024 }) ?? defaultConcurrency;
  const timeout = numberOption(command, parsed, 'timeout', { min: 0.001 });
  const maxAttempts = numberOption(command, parsed, 'max-attempts', { integer: true, min: 1, max: 100 });
  const useCache = !flag(parsed, 'no-cache');
  const cacheDir = resolve(io.cwd, stringOption(parsed, 'cache-dir') ?? userCacheDir(io.env));
  return {
    concurrency,
    useCache,
    pool: new RequestPool({ maxConcurrency: concurrency }),
    cache: useCache ? responseCacheIn(cacheDir) : undefined,
    retry: { ...DEFAULT_RETRY_POLICY, ...(maxAttempts !== undefined ? { maxAttempts } : {}) },
    timeoutMs: timeout !== undefined ? timeout * 1000 : undefined,
  };
}

export interface JudgeTemplate {
  readonly text: string;
  /** "official" or the file's path as given. */
  readonly source: string;
}

/** --judge-template FILE, or the official judge_prompt.txt (sha256-checked) from --data or the cache. */
export async function judgeTemplateFrom(parsed: Parsed, io: CliIo, judge: LlmJudge): Promise<JudgeTemplate> {
  const file = stringOption(parsed, 'judge-template');
  if (file !== undefined) {
    const path = resolve(io.cwd, file);
    try {
      return { text: readFileSync(path, 'utf8'), source: file };
    } catch (error) {
      throw new UserError(`--judge-template ${path}: ${errorMessage(error)}`);
    }
  }
  const data = stringOption(parsed, 'data');
  const text = await judge.officialTemplate({
    dataDir: dataDirFrom(data === undefined ? undefined : resolve(io.cwd, data), io.env),
    cacheDir: resolve(io.cwd, stringOption(parsed, 'cache-dir') ?? userCacheDir(io.env)),
    ...(io.signal ? { signal: io.signal } : {}),
  });
  return { text, source: 'official' };
}
