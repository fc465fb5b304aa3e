import { runOptionsHelp } from '../../commandLine/sharedRunOptions';
import { DEFAULT_JUDGE, PRESETS, PRESET_NAMES, type PresetName, defaultPresetFor } from './presets';
import { WORDINGS, type Wording } from './questionPrompt';
import { type YokaiEvalRunConfig, prepareYokaiEvalRun, reopenYokaiEvalRun } from './yokaiEvalRun';
import { specFromRecord } from '../../runs/modelSpec';
import { type RunManifest } from '../../runs/runManifest';
import { type RunKeys } from '../../runs/runSession';
import { UsageError } from '../../util/errors';
import { endpointFrom, endpointOptionSpecs, keyFromEnv } from '../../commandLine/endpointOptions';
import { type CliIo } from '../../commandLine/io';
import { type Parsed, choiceOption, numberOption, stringOption } from '../../commandLine/options';
import { samplingParams } from '../../commandLine/samplingOptions';
import { type BenchmarkRunCli } from '../../commandLine/benchmarkRunCli';

const COMMAND = 'run';

export const YOKAIEVAL_RUN_HELP = `Usage: eval-adjudicator run yokaieval --model M [options]
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
${runOptionsHelp('requests in flight, model and judge together', 'print the first prompts, the request count and a token estimate; send nothing')}`;

const OPTIONS = {
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
    const env = context.environment({
      model: context.dryRun ? undefined : keyFromEnv(context.io.env, config.model.endpoint, config.model.apiKeyEnv, 'model'),
      judge: context.dryRun ? undefined : keyFromEnv(context.io.env, config.judge.endpoint, config.judge.apiKeyEnv, 'judge'),
    });
    return prepareYokaiEvalRun(config, env, context.runName(config.model.name));
  },
  reopen: (manifest, context) => reopenYokaiEvalRun(manifest, context.environment(keysForManifest(context.io, manifest), manifest.options.concurrency)),
};

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

