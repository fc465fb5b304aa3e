import { runOptionsHelp } from '../../commandLine/sharedRunOptions';
import { DEFAULT_JUDGE, PRESETS, PRESET_NAMES, type PresetName, defaultPresetFor } from './presets';
import { WORDINGS, type Wording } from './questionPrompt';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun, reopenYokaiEvalRun } from './yokaiEvalRun';
import { specFromRecord } from '../../runs/modelSpec';
import { type RunManifest } from '../../runs/runManifest';
import { type RunKeys } from '../../runs/runSession';
import { UsageError } from '../../util/errors';
import { type Endpoint } from '../../model/endpoint';
import { endpointFrom, endpointOptionSpecs, keyFromEnv } from '../../commandLine/endpointOptions';
import { GGUF_OPTIONS, GGUF_RUNTIME_OPTIONS_HELP, ggufChoiceFrom } from '../../commandLine/ggufOptions';
import { DEFAULT_GGUF_SEED } from '../../runtimes/gguf/ggufChat';
import { localModelName } from '../../runtimes/gguf/localModelName';
import { NODE_LLAMA_CPP_INSTALL } from '../../runtimes/gguf/nodeLlamaCpp';
import { type CliIo } from '../../commandLine/io';
import { type Parsed, choiceOption, numberOption, stringOption } from '../../commandLine/options';
import { samplingParams } from '../../commandLine/samplingOptions';
import { type BenchmarkRunCli } from '../../commandLine/benchmarkRunCli';

const COMMAND = 'run';

export const YOKAIEVAL_RUN_HELP = `Usage: eval-adjudicator run yokaieval --model M [options]
       eval-adjudicator run yokaieval --model-file PATH.gguf|ollama:NAME --judge-model-file PATH.gguf|ollama:NAME [options]
       eval-adjudicator run yokaieval --resume RUNDIR | --retry-errors RUNDIR [--concurrency N] [--model-file F] [--judge-model-file F]

Runs YokaiEval against an OpenAI-compatible model or a local GGUF model, judged by an LLM judge (served or
local), into a new run folder. Prints the run folder's path as the last line of stdout; progress goes to stderr.

Model:
  --model M                 model name (Azure: the deployment unless --deployment is given)
  --provider P              openai | azure | openai-compatible (default: openai; openai-compatible
                            with --base-url; azure with --deployment or --api-version)
  --base-url U              OpenAI-compatible base URL (vLLM, Ollama, llama.cpp) or the Azure endpoint
  --deployment D            Azure deployment        --api-version V   Azure API version
  --api-key-env VAR         environment variable holding the key (default OPENAI_API_KEY;
                            AZURE_OPENAI_API_KEY for Azure); keys are never written anywhere
  --preset api|open-weights the official settings (default: api for OpenAI and Azure, open-weights
                            for other base URLs); see docs/cli.md
  --wording dataset|official-results
  --system-prompt TEXT      ("" for none)   --temperature T   --top-p P   --max-tokens N
Judge (defaults to the model's endpoint and key, so nothing goes to OpenAI unless asked):
  --judge-model M           (default gpt-4o)  --judge-provider P  --judge-base-url U
  --judge-deployment D      --judge-api-version V  --judge-api-key-env VAR
  --judge-temperature T     (default 0.7)  --judge-top-p P  --judge-max-tokens N (default 200)
Local models (in-process with llama.cpp, each rendered by its GGUF's chat template, sampled with the
temperature, top-p and max tokens above; needs the optional runtime: ${NODE_LLAMA_CPP_INSTALL}):
  --model-file PATH.gguf|ollama:NAME[:TAG]
                            the answering model from a GGUF file or a model Ollama has pulled; --model
                            defaults to the file name without .gguf (an Ollama model: NAME:TAG), which also
                            names the run; the preset defaults to open-weights
  --judge-model-file PATH.gguf|ollama:NAME[:TAG]
                            the judge from a GGUF file (it may be the model's own: loaded once); --judge-model
                            defaults to its file name. With --model-file the judge must be given: this, or
                            a judge endpoint (--judge-base-url, --judge-provider)
  --seed N                  the run's seed (default 0): each local request's seed comes from it and the
                            request, so a rerun or a resume repeats the same answers
  For every local model of the run:
${GGUF_RUNTIME_OPTIONS_HELP}  On --resume or --retry-errors, give --model-file / --judge-model-file again (run.json records each file's
  name, size and sha256, never its folder; a different file is refused; ollama: names are found again)
${runOptionsHelp('requests in flight, model and judge together', 'print the first prompts, the request count and a token estimate; send nothing')}`;

const OPTIONS = {
  ...GGUF_OPTIONS,
  'judge-model-file': { type: 'string' },
  seed: { type: 'string' },
  preset: { type: 'string' },
  wording: { type: 'string' },
  'top-p': { type: 'string' },
  'judge-model': { type: 'string' },
  ...endpointOptionSpecs('judge-'),
  'judge-temperature': { type: 'string' },
  'judge-top-p': { type: 'string' },
  'judge-max-tokens': { type: 'string' },
} as const;

export const YOKAIEVAL_RUN_CLI: BenchmarkRunCli = {
  name: 'yokaieval',
  help: YOKAIEVAL_RUN_HELP,
  options: OPTIONS,
  prepare: (context) => {
    const config = configFrom(context.parsed);
    const bothLocal = config.local?.model !== null && config.local?.judge !== null && config.local !== undefined;
    const keys = {
      model: context.dryRun ? undefined : keyFromEnv(context.io.env, config.model.endpoint, config.model.apiKeyEnv, 'model'),
      judge: context.dryRun ? undefined : keyFromEnv(context.io.env, config.judge.endpoint, config.judge.apiKeyEnv, 'judge'),
    };
    // Local models answer one request at a time: with both local, more items in flight only queue.
    const env = { ...context.environment(keys, bothLocal ? 1 : undefined), cwd: context.io.cwd, env: context.io.env };
    return prepareYokaiEvalRun(config, env, context.runName(config.model.name));
  },
  reopen: (manifest, context) =>
    reopenYokaiEvalRun(manifest, {
      ...context.environment(keysForManifest(context.io, manifest), manifest.options.concurrency),
      cwd: context.io.cwd,
      env: context.io.env,
      modelFile: stringOption(context.parsed, 'model-file'),
      judgeModelFile: stringOption(context.parsed, 'judge-model-file'),
    }),
};

const SERVER_OPTIONS = ['provider', 'base-url', 'api-key-env', 'deployment', 'api-version'];

interface Where {
  readonly endpoint: Endpoint;
  readonly apiKeyEnv: string | null;
}

/** A local model's endpoint: gguf:NAME, never a path; no key. */
function localEndpoint(name: string): Where {
  return { endpoint: { provider: 'local', baseUrl: `gguf:${encodeURIComponent(name)}` }, apiKeyEnv: null };
}

function configFrom(parsed: Parsed): YokaiEvalRunConfig {
  const localModel = ggufChoiceFrom(COMMAND, parsed, 'model-file', ['judge-model-file']);
  const localJudge = ggufChoiceFrom(COMMAND, parsed, 'judge-model-file', ['model-file']);
  for (const [local, prefix, file] of [
    [localModel, '', 'model-file'],
    [localJudge, 'judge-', 'judge-model-file'],
  ] as const) {
    const server = SERVER_OPTIONS.find((name) => parsed.values[`${prefix}${name}`] !== undefined);
    if (local !== null && server !== undefined)
      throw new UsageError(`${COMMAND}: --${prefix}${server} applies to a served model, not to --${file}`);
  }
  if (localModel !== null && localJudge === null && SERVER_OPTIONS.every((name) => parsed.values[`judge-${name}`] === undefined)) {
    throw new UsageError(
      `${COMMAND}: with --model-file, give the judge: --judge-model-file PATH.gguf (it may be the same file) or a judge endpoint (--judge-base-url U or --judge-provider P)`,
    );
  }
  const seed = numberOption(COMMAND, parsed, 'seed', { integer: true, min: 0, max: 0xffffffff });
  if (seed !== undefined && localModel === null && localJudge === null)
    throw new UsageError(`${COMMAND}: --seed applies to a local model (--model-file or --judge-model-file)`);
  const given = stringOption(parsed, 'model');
  const modelName = given !== undefined && given !== '' ? given : localModel !== null ? localModelName(localModel.modelFile) : undefined;
  if (modelName === undefined || modelName === '')
    throw new UsageError(`${COMMAND}: --model is required (or --model-file for a local model)`);
  const served = localModel === null ? endpointFrom(COMMAND, parsed, '') : undefined;
  const model: Where = served ?? localEndpoint(modelName);
  const judgeName =
    stringOption(parsed, 'judge-model') ?? (localJudge !== null ? localModelName(localJudge.modelFile) : DEFAULT_JUDGE.model);
  const judge: Where = localJudge !== null ? localEndpoint(judgeName) : endpointFrom(COMMAND, parsed, 'judge-', served);
  const presetName: PresetName = choiceOption(COMMAND, parsed, 'preset', PRESET_NAMES) ?? defaultPresetFor(model.endpoint.provider);
  const preset = PRESETS[presetName];
  const wording: Wording = choiceOption(COMMAND, parsed, 'wording', WORDINGS) ?? preset.wording;
  const systemPrompt = stringOption(parsed, 'system-prompt');
  const endpointWithDeployment = (choice: Where, name: string): Endpoint =>
    choice.endpoint.provider === 'azure' && choice.endpoint.deployment === undefined
      ? { ...choice.endpoint, deployment: name }
      : choice.endpoint;
  return {
    model: {
      endpoint: endpointWithDeployment(model, modelName),
      name: modelName,
      apiKeyEnv: model.apiKeyEnv,
      systemPrompt: systemPrompt === undefined ? preset.model.systemPrompt : systemPrompt === '' ? null : systemPrompt,
      params: samplingParams(COMMAND, parsed, '', preset.model),
    },
    judge: {
      endpoint: endpointWithDeployment(judge, judgeName),
      name: judgeName,
      apiKeyEnv: judge.apiKeyEnv,
      systemPrompt: null,
      params: samplingParams(COMMAND, parsed, 'judge-', DEFAULT_JUDGE),
    },
    preset: presetName,
    wording,
    limit: numberOption(COMMAND, parsed, 'limit', { integer: true, min: 1 }) ?? null,
    ...(localModel !== null || localJudge !== null
      ? { local: { model: localModel, judge: localJudge, seed: seed ?? DEFAULT_GGUF_SEED } }
      : {}),
  };
}

function keysForManifest(io: CliIo, manifest: RunManifest): RunKeys {
  if (manifest.model === null || manifest.judge === null) return {};
  const model = specFromRecord(manifest.model);
  const judge = specFromRecord(manifest.judge);
  return {
    model: keyFromEnv(io.env, model.endpoint, model.apiKeyEnv, 'model'),
    judge: keyFromEnv(io.env, judge.endpoint, judge.apiKeyEnv, 'judge'),
  };
}
