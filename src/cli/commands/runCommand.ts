import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { dataDirFrom } from '../../core/data/resolveSourceFile';
import { userCacheDir } from '../../core/data/cacheDir';
import { RequestPool } from '../../core/model/requestPool';
import { DEFAULT_RETRY_POLICY } from '../../core/model/retryPolicy';
import { DEFAULT_JUDGE, PRESETS, PRESET_NAMES, type PresetName, defaultPresetFor } from '../../core/benchmarks/yokaieval/presets';
import { WORDINGS, type Wording } from '../../core/benchmarks/yokaieval/questionPrompt';
import { type SessionEnvironment, type YokaiEvalRunConfig, prepareYokaiEvalRun, reopenYokaiEvalRun } from '../../core/benchmarks/yokaieval/yokaiEvalRun';
import { type Selection, continueRun, responseCacheIn, startRun } from '../../core/runs/executeRun';
import { readManifest, runPaths } from '../../core/runs/runFolder';
import { specFromRecord } from '../../core/runs/modelSpec';
import { type RunManifest } from '../../core/runs/runManifest';
import { type RunSession } from '../../core/runs/runSession';
import { type CliIo } from '../io';
import { type Parsed, choiceOption, flag, numberOption, parseOptions, stringOption } from '../options';
import { endpointFrom, endpointOptionSpecs, keyFromEnv } from '../endpointOptions';
import { progressReporter } from '../progressReporter';
import { printDryRun } from './dryRun';

const COMMAND = 'run';

export const RUN_HELP = `Usage: eval-adjudicator run yokaieval --model M [options]
       eval-adjudicator run yokaieval --resume RUNDIR | --retry-errors RUNDIR [--concurrency N]

Runs YokaiEval against an OpenAI-compatible model, judged by an LLM judge, into a new run folder.
Prints the run folder's path as the last line of stdout; progress goes to stderr.

Model:
  --model M                 model name (Azure: the deployment unless --deployment is given)
  --provider P              openai | azure | openai-compatible (default: openai; openai-compatible
                            with --base-url; azure with --deployment or --api-version)
  --base-url U              OpenAI-compatible base URL (vLLM, Ollama, llama.cpp) or the Azure endpoint
  --deployment D            Azure deployment        --api-version V   Azure API version
  --api-key-env VAR         environment variable holding the key (default OPENAI_API_KEY;
                            AZURE_OPENAI_API_KEY for Azure); keys are never written anywhere
  --preset api|open-weights the official settings (default: api for OpenAI and Azure, open-weights
                            for other base URLs); see the README
  --wording dataset|official-results
  --system-prompt TEXT      ("" for none)   --temperature T   --top-p P   --max-tokens N
Judge (defaults to the model's endpoint and key, so nothing goes to OpenAI unless asked):
  --judge-model M           (default gpt-4o)  --judge-provider P  --judge-base-url U
  --judge-deployment D      --judge-api-version V  --judge-api-key-env VAR
  --judge-temperature T     (default 0.7)  --judge-top-p P  --judge-max-tokens N (default 200)
Run:
  --limit N                 only the first N items
  --concurrency N           requests in flight, model and judge together (default 8)
  --out DIR                 where run folders are created (default ./runs)
  --name NAME               the run folder's name (default: benchmark-model-time)
  --data DIR                local copies of the official files, laid out as shared/data
                            (default: env EVAL_ADJUDICATOR_DATA, else the download cache)
  --cache-dir DIR           (default: the per-user cache directory)   --no-cache
  --timeout SECONDS         per request (default 120)   --max-attempts N (default ${DEFAULT_RETRY_POLICY.maxAttempts})
  --resume RUNDIR           complete an interrupted run (its items without a result)
  --retry-errors RUNDIR     redo exactly the items whose current result is an error
  --dry-run                 print the first prompts, the request count and a token estimate; send nothing
`;

const OPTIONS = {
  model: { type: 'string' },
  ...endpointOptionSpecs(''),
  preset: { type: 'string' },
  wording: { type: 'string' },
  'system-prompt': { type: 'string' },
  temperature: { type: 'string' },
  'top-p': { type: 'string' },
  'max-tokens': { type: 'string' },
  'judge-model': { type: 'string' },
  ...endpointOptionSpecs('judge-'),
  'judge-temperature': { type: 'string' },
  'judge-top-p': { type: 'string' },
  'judge-max-tokens': { type: 'string' },
  limit: { type: 'string' },
  concurrency: { type: 'string' },
  out: { type: 'string' },
  name: { type: 'string' },
  data: { type: 'string' },
  'cache-dir': { type: 'string' },
  'no-cache': { type: 'boolean' },
  timeout: { type: 'string' },
  'max-attempts': { type: 'string' },
  resume: { type: 'string' },
  'retry-errors': { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export async function runCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions(COMMAND, args, OPTIONS);
  if (flag(parsed, 'help')) {
    io.stdout(RUN_HELP);
    return 0;
  }
  const [benchmark, ...extra] = parsed.positionals;
  if (benchmark === undefined) throw new UsageError(`${COMMAND}: name a benchmark (yokaieval)`);
  if (extra.length > 0) throw new UsageError(`${COMMAND}: unexpected argument "${extra[0] ?? ''}"`);
  if (benchmark !== 'yokaieval') throw new UsageError(`${COMMAND}: unknown benchmark "${benchmark}" (yokaieval)`);

  const resumeDir = stringOption(parsed, 'resume');
  const retryDir = stringOption(parsed, 'retry-errors');
  if (resumeDir !== undefined && retryDir !== undefined) throw new UsageError(`${COMMAND}: --resume and --retry-errors exclude each other`);
  const existing = resumeDir ?? retryDir;
  const concurrency = numberOption(COMMAND, parsed, 'concurrency', { integer: true, min: 1, max: 1024 });
  const timeout = numberOption(COMMAND, parsed, 'timeout', { min: 0.001 });
  const maxAttempts = numberOption(COMMAND, parsed, 'max-attempts', { integer: true, min: 1, max: 100 });
  const cacheDir = resolve(io.cwd, stringOption(parsed, 'cache-dir') ?? userCacheDir(io.env));
  const useCache = !flag(parsed, 'no-cache');

  const environment = (manifestConcurrency: number, keys: SessionEnvironment['keys']): SessionEnvironment => {
    const workers = concurrency ?? manifestConcurrency;
    return {
      sources: { dataDir: dataDirFrom(resolveFrom(io.cwd, stringOption(parsed, 'data')), io.env), cacheDir, ...(io.signal ? { signal: io.signal } : {}) },
      keys,
      concurrency: workers,
      useCache,
      pool: new RequestPool({ maxConcurrency: workers }),
      cache: useCache ? responseCacheIn(cacheDir) : undefined,
      retry: { ...DEFAULT_RETRY_POLICY, ...(maxAttempts !== undefined ? { maxAttempts } : {}) },
      timeoutMs: timeout !== undefined ? timeout * 1000 : undefined,
    };
  };

  let session: RunSession;
  let selection: Selection;
  let runDir: string;
  let workers: number;
  if (existing !== undefined) {
    const dir = resolve(io.cwd, existing);
    const manifest = readManifest(dir);
    const env = environment(manifest.options.concurrency, keysForManifest(io, manifest));
    session = await reopenYokaiEvalRun(manifest, env);
    selection = resumeDir !== undefined ? 'missing' : 'errors';
    runDir = dir;
    workers = env.concurrency;
  } else {
    const config = configFrom(parsed);
    const env = environment(8, {
      model: flag(parsed, 'dry-run') ? undefined : keyFromEnv(io.env, config.model.endpoint, config.model.apiKeyEnv, 'model'),
      judge: flag(parsed, 'dry-run') ? undefined : keyFromEnv(io.env, config.judge.endpoint, config.judge.apiKeyEnv, 'judge'),
    });
    const outDir = resolve(io.cwd, stringOption(parsed, 'out') ?? 'runs');
    const name = stringOption(parsed, 'name') ?? uniqueRunName(outDir, 'yokaieval', config.model.name);
    if (name.includes('/') || name.includes('\\') || name === '.' || name === '..') throw new UsageError(`${COMMAND}: --name must be a plain folder name`);
    session = await prepareYokaiEvalRun(config, env, name);
    if (flag(parsed, 'dry-run')) {
      printDryRun(session, io);
      return 0;
    }
    selection = 'all';
    runDir = join(outDir, name);
    workers = env.concurrency;
  }

  const total = [...session.tasks.keys()].length;
  const reporter = progressReporter(total, io.stderrIsTty, io.stderr);
  const options = {
    workers,
    signal: io.signal,
    onProgress: reporter.update,
    onTornLine: (movedTo: string) => io.stderr(`results.jsonl ended in a torn line; its bytes were moved to ${movedTo}\n`),
  };
  let outcome;
  try {
    outcome = selection === 'all' ? await startRun(runDir, session, options) : await continueRun(runPaths(runDir), session, selection, options);
  } finally {
    reporter.stop();
  }
  const { counts } = outcome.manifest;
  io.stderr(`${counts.done} done, ${counts.error} errors, ${counts.missing} missing of ${counts.items} items${outcome.cancelled ? ' (cancelled: finish with --resume)' : ''}\n`);
  if (counts.error > 0) io.stderr(`redo the errors with: eval-adjudicator run yokaieval --retry-errors ${outcome.paths.dir}\n`);
  io.stdout(`${outcome.paths.dir}\n`);
  return outcome.cancelled ? 130 : 0;
}

function configFrom(parsed: Parsed): YokaiEvalRunConfig {
  const modelName = stringOption(parsed, 'model');
  if (modelName === undefined || modelName === '') throw new UsageError(`${COMMAND}: --model is required`);
  const model = endpointFrom(COMMAND, parsed, '');
  const judge = endpointFrom(COMMAND, parsed, 'judge-', model);
  const presetName: PresetName = choiceOption(COMMAND, parsed, 'preset', PRESET_NAMES) ?? defaultPresetFor(model.endpoint.provider);
  const preset = PRESETS[presetName];
  const wording: Wording = choiceOption(COMMAND, parsed, 'wording', WORDINGS) ?? preset.wording;
  const systemPrompt = stringOption(parsed, 'system-prompt');
  const endpointWithDeployment = (choice: typeof model, name: string): typeof model.endpoint =>
    choice.endpoint.provider === 'azure' && choice.endpoint.deployment === undefined ? { ...choice.endpoint, deployment: name } : choice.endpoint;
  const judgeName = stringOption(parsed, 'judge-model') ?? DEFAULT_JUDGE.model;
  return {
    model: {
      endpoint: endpointWithDeployment(model, modelName),
      name: modelName,
      apiKeyEnv: model.apiKeyEnv,
      systemPrompt: systemPrompt === undefined ? preset.model.systemPrompt : systemPrompt === '' ? null : systemPrompt,
      params: {
        temperature: numberOption(COMMAND, parsed, 'temperature', { min: 0, max: 2 }) ?? preset.model.temperature,
        topP: numberOption(COMMAND, parsed, 'top-p', { min: 0, max: 1 }) ?? preset.model.topP,
        maxTokens: numberOption(COMMAND, parsed, 'max-tokens', { integer: true, min: 1 }) ?? preset.model.maxTokens,
      },
    },
    judge: {
      endpoint: endpointWithDeployment(judge, judgeName),
      name: judgeName,
      apiKeyEnv: judge.apiKeyEnv,
      systemPrompt: null,
      params: {
        temperature: numberOption(COMMAND, parsed, 'judge-temperature', { min: 0, max: 2 }) ?? DEFAULT_JUDGE.temperature,
        topP: numberOption(COMMAND, parsed, 'judge-top-p', { min: 0, max: 1 }) ?? DEFAULT_JUDGE.topP,
        maxTokens: numberOption(COMMAND, parsed, 'judge-max-tokens', { integer: true, min: 1 }) ?? DEFAULT_JUDGE.maxTokens,
      },
    },
    preset: presetName,
    wording,
    limit: numberOption(COMMAND, parsed, 'limit', { integer: true, min: 1 }) ?? null,
  };
}

function keysForManifest(io: CliIo, manifest: RunManifest): SessionEnvironment['keys'] {
  if (manifest.model === null || manifest.judge === null) return {};
  const model = specFromRecord(manifest.model);
  const judge = specFromRecord(manifest.judge);
  return {
    model: keyFromEnv(io.env, model.endpoint, model.apiKeyEnv, 'model'),
    judge: keyFromEnv(io.env, judge.endpoint, judge.apiKeyEnv, 'judge'),
  };
}

function resolveFrom(cwd: string, path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(cwd, path);
}

export function uniqueRunName(outDir: string, benchmark: string, model: string): string {
  const slug = model.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'model';
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const base = `${benchmark}-${slug}-${stamp}`;
  let name = base;
  for (let n = 2; existsSync(join(outDir, name)); n++) name = `${base}-${n}`;
  return name;
}
