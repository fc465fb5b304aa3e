import { runOptionsHelp } from '../../commandLine/sharedRunOptions';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareKalahiRun, reopenKalahiRun } from './kalahiRun';
import { LOGPROB_BACKENDS, NO_PROMPT_LOGPROBS, type NoPromptLogprobsServer } from '../../backends/logprobBackend';
import { defaultMetricNames, parseMetricNames } from './metricSet';
import { metricNameProblem } from '../../metrics/metricAvailability';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, templateFromFile } from '../../backends/mcPromptTemplate';
import { KALAHI_TASKS, type KalahiRunConfig, OPEN_MAX_TOKENS } from './settings';
import { KALAHI_VARIANTS } from './sources';
import { type Mc2Mode } from './mcScores';
import { type MetricName } from '../../metrics/similarityMetric';
import { DEFAULT_BERTSCORE_MODEL } from '../../metrics/neural/bertScore';
import { DEFAULT_BLEURT_MODEL } from '../../metrics/neural/bleurt';
import { type NeuralChoices } from './neuralMetrics';
import { specFromRecord } from '../../runs/modelSpec';
import { UsageError, UserError, errorMessage } from '../../util/errors';
import { endpointFrom, keyFromEnv } from '../../commandLine/endpointOptions';
import { type CliIo } from '../../commandLine/io';
import { type Parsed, choiceOption, flag, numberOption, stringOption } from '../../commandLine/options';
import { type BenchmarkRunCli } from '../../commandLine/benchmarkRunCli';
import { GGUF_OPTIONS, GGUF_OPTIONS_HELP, defaultLocalModelName, ggufChoiceFrom } from '../../commandLine/ggufOptions';

const COMMAND = 'run kalahi';

export const KALAHI_RUN_HELP = `Usage: eval-adjudicator run kalahi --model M [--task mc|open|both] [options]
       eval-adjudicator run kalahi --model-file PATH.gguf|ollama:NAME[:TAG] [--task mc|open|both] [options]
       eval-adjudicator run kalahi --resume RUNDIR | --retry-errors RUNDIR [--concurrency N] [--model-file F]

Runs Kalahi (aisingapore/kalahi at 2beb3ef) against a model into a new run folder: multiple choice (MC1
and MC2 from the log-probs of each reference) and open-ended answers scored by their similarity to the
relevant and irrelevant references. Prints the run folder's path as the last line of stdout; progress
goes to stderr.

Model:
  --model M                 model name (Azure: the deployment unless --deployment is given)
  --provider P  --base-url U  --deployment D  --api-version V  --api-key-env VAR   as for yokaieval
Task:
  --task mc|open|both       (default both)
  --variant full|partially-enriched|unenriched
                            the official file: data/filipino.csv (default), filipino_partially_enriched.csv
                            (no "User" component) or filipino_unenriched.csv (85 base prompts)
  --no-append-period        score the references as written; by default '.' is appended to each one that
                            lacks it, as the official code does, for MC and every metric
MC:
  --logprobs completions|vllm-chat|gguf
                            completions (default with a server): /v1/completions with echo=true, logprobs=1, max_tokens 0
                            (1 where refused), an item's references in one request where the server takes a
                            prompt list; an approximation: no chat template.
                            vllm-chat: the official method on a vLLM server: the chat template renders
                            [user: prompt, assistant: reference], prompt_logprobs are summed after the prefix
                            measured with /tokenize, end-of-turn tokens included.
                            gguf (default with --model-file): the official method in-process: the GGUF's
                            chat template, llama.cpp's full-vocabulary log-probs of every token after the
                            prefix, end-of-turn tokens included.
                            Ollama and llama.cpp's server cannot return prompt log-probs: give their model
                            file with --model-file instead.
  --template FILE           completions only: the text scored, with {prompt} and {reference} ({{ and }}
                            for braces; one final newline of FILE is dropped; text after {reference} is
                            scored with it). Default: the prompt, a newline, the reference.
  --compat official-mc2     MC2 as the official code computes it (exp applied twice, which puts every model
                            near 0.50), instead of the paper's definition
Open-ended (greedy; the prompt as stored, no system prompt):
  --system-prompt TEXT      add a system prompt      --temperature T (default 0)
  --max-tokens N            new tokens (default ${OPEN_MAX_TOKENS}; the official code's 256 counted the prompt too)
  --metrics LIST            comma-separated, default chrf,chrf++,bleu,rouge-1,rouge-2,rouge-l,rouge-lsum and
                            meteor when its WordNet data is available; bertscore and bleurt run in-process on
                            ONNX Runtime with their model folders (optional packages; docs/metrics.md: BERTScore and BLEURT)
  --bertscore-model DIR|ID  a model folder (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx)
                            or a hub id looked up in the cache folder (default microsoft/deberta-v3-large)
  --bertscore-layer N       the hidden layer (default: bert_score's table, 12 for microsoft/deberta-v3-large)
  --bertscore-idf           weigh tokens by idf over each item's references, as bert_score's idf=True
  --bertscore-rescale FILE  rescale with a baseline file in bert_score's format (LAYER,P,R,F)
  --bleurt-model DIR|ID     BLEURT's model folder or hub id (default lucadiliello/BLEURT-20)
  --primary-metric NAME     the metric whose acc (max relevant > max irrelevant) is the automatic verdict
                            (default chrf)
${GGUF_OPTIONS_HELP}${runOptionsHelp('items in flight, each with one request at a time', 'print the first requests, the request count and a token estimate; send nothing')}Before the first result is written, MC scores the first item: a server whose log-probs are missing, null,
or the same for everything stops the run with an error naming the model and endpoint.
`;

const OPTIONS = {
  task: { type: 'string' },
  variant: { type: 'string' },
  'no-append-period': { type: 'boolean' },
  logprobs: { type: 'string' },
  template: { type: 'string' },
  compat: { type: 'string' },
  metrics: { type: 'string' },
  'primary-metric': { type: 'string' },
  ...GGUF_OPTIONS,
  'bertscore-model': { type: 'string' },
  'bertscore-layer': { type: 'string' },
  'bertscore-idf': { type: 'boolean' },
  'bertscore-rescale': { type: 'string' },
  'bleurt-model': { type: 'string' },
} as const;

export const KALAHI_RUN_CLI: BenchmarkRunCli = {
  name: 'kalahi',
  help: KALAHI_RUN_HELP,
  options: OPTIONS,
  prepare: async (context) => {
    const config = await configFrom(context.parsed, context.io);
    const key =
      context.dryRun || config.local !== null
        ? undefined
        : keyFromEnv(context.io.env, config.model.endpoint, config.model.apiKeyEnv, 'model');
    const env = localEnvironment(context.io, context.environment({ model: key }, config.local === null ? undefined : 1), undefined);
    return prepareKalahiRun(config, env, context.runName(config.model.name));
  },
  reopen: (manifest, context) => {
    const model = manifest.model === null ? undefined : specFromRecord(manifest.model);
    const key = model === undefined ? undefined : keyFromEnv(context.io.env, model.endpoint, model.apiKeyEnv, 'model');
    return reopenKalahiRun(
      manifest,
      localEnvironment(
        context.io,
        context.environment({ model: key }, manifest.options.concurrency),
        stringOption(context.parsed, 'model-file'),
      ),
    );
  },
};

function localEnvironment<T extends object>(
  io: CliIo,
  env: T,
  modelFile: string | undefined,
): T & { cwd: string; env: NodeJS.ProcessEnv; modelFile: string | undefined } {
  return { ...env, cwd: io.cwd, env: io.env, modelFile };
}

async function configFrom(parsed: Parsed, io: CliIo): Promise<KalahiRunConfig> {
  const local = ggufChoiceFrom(COMMAND, parsed);
  if (local !== null) {
    const serverOption = ['provider', 'base-url', 'api-key-env', 'deployment', 'api-version', 'template'].find(
      (name) => parsed.values[name] !== undefined,
    );
    if (serverOption !== undefined) throw new UsageError(`${COMMAND}: --${serverOption} applies to a served model, not to --model-file`);
    const temperature = numberOption(COMMAND, parsed, 'temperature', { min: 0, max: 2 });
    if (temperature !== undefined && temperature !== 0)
      throw new UsageError(`${COMMAND}: a local model (--model-file) answers greedily: --temperature must be 0`);
    const asked = stringOption(parsed, 'logprobs');
    if (asked !== undefined && asked !== 'gguf')
      throw new UsageError(`${COMMAND}: --logprobs ${asked} needs a server; with --model-file the log-probs are gguf`);
  } else if (stringOption(parsed, 'logprobs') === 'gguf') {
    throw new UsageError(`${COMMAND}: --logprobs gguf needs --model-file PATH.gguf (or ollama:NAME[:TAG])`);
  }
  const given = stringOption(parsed, 'model');
  const modelName = given !== undefined && given !== '' ? given : local !== null ? defaultLocalModelName(local.modelFile) : undefined;
  if (modelName === undefined || modelName === '')
    throw new UsageError(`${COMMAND}: --model is required (or --model-file for a local model)`);
  const task = choiceOption(COMMAND, parsed, 'task', KALAHI_TASKS) ?? 'both';
  const wantsMc = task !== 'open';
  const wantsOpen = task !== 'mc';
  const only = (names: readonly string[], allowed: boolean, what: string): void => {
    const given = names.find((name) => parsed.values[name] !== undefined);
    if (given !== undefined && !allowed) throw new UsageError(`${COMMAND}: --${given} applies to ${what}, not to --task ${task}`);
  };
  only(['logprobs', 'template', 'compat'], wantsMc, '--task mc or both');
  only(['metrics', 'primary-metric', 'system-prompt', 'temperature', 'max-tokens', ...NEURAL_OPTIONS], wantsOpen, '--task open or both');

  const choice =
    local !== null
      ? { endpoint: { provider: 'local' as const, baseUrl: `gguf:${encodeURIComponent(modelName)}` }, apiKeyEnv: null }
      : endpointFrom(COMMAND, parsed, '');
  const endpoint =
    choice.endpoint.provider === 'azure' && choice.endpoint.deployment === undefined
      ? { ...choice.endpoint, deployment: modelName }
      : choice.endpoint;
  const systemPrompt = stringOption(parsed, 'system-prompt');
  return {
    model: {
      endpoint,
      name: modelName,
      apiKeyEnv: choice.apiKeyEnv,
      systemPrompt: systemPrompt === undefined || systemPrompt === '' ? null : systemPrompt,
      params: wantsOpen
        ? {
            temperature: numberOption(COMMAND, parsed, 'temperature', { min: 0, max: 2 }) ?? 0,
            topP: null,
            maxTokens: numberOption(COMMAND, parsed, 'max-tokens', { integer: true, min: 1 }) ?? OPEN_MAX_TOKENS,
          }
        : { temperature: null, topP: null, maxTokens: null },
    },
    task,
    variant: choiceOption(COMMAND, parsed, 'variant', KALAHI_VARIANTS) ?? 'full',
    appendPeriod: !flag(parsed, 'no-append-period'),
    limit: numberOption(COMMAND, parsed, 'limit', { integer: true, min: 1 }) ?? null,
    mc: wantsMc
      ? local !== null
        ? { logprobs: 'gguf', template: null, mc2Mode: mc2ModeFrom(parsed), request: { promptList: null, maxTokens: null } }
        : mcConfig(parsed, io, endpoint.provider)
      : null,
    open: wantsOpen ? openConfig(parsed, io) : null,
    local: local === null ? null : { modelFile: local.modelFile, choice: local.choice },
  };
}

function mcConfig(parsed: Parsed, io: CliIo, provider: string): NonNullable<KalahiRunConfig['mc']> {
  const asked = stringOption(parsed, 'logprobs');
  if (asked !== undefined && asked in NO_PROMPT_LOGPROBS) {
    throw new UsageError(
      `${COMMAND}: --logprobs ${asked}: ${NO_PROMPT_LOGPROBS[asked as NoPromptLogprobsServer]}, so Kalahi MC cannot be scored there. ` +
        'Serve the model with vLLM (--logprobs completions or vllm-chat), or run --task open.',
    );
  }
  const logprobs = choiceOption(COMMAND, parsed, 'logprobs', LOGPROB_BACKENDS) ?? 'completions';
  if (logprobs === 'vllm-chat' && provider !== 'openai-compatible')
    throw new UsageError(`${COMMAND}: --logprobs vllm-chat needs a vLLM server (--base-url)`);
  const file = stringOption(parsed, 'template');
  if (file !== undefined && logprobs !== 'completions') throw new UsageError(`${COMMAND}: --template applies to --logprobs completions`);
  let template = null;
  if (file !== undefined) {
    const path = resolve(io.cwd, file);
    let text: string;
    try {
      text = templateFromFile(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new UserError(`${path}: cannot read the template (${errorMessage(error)})`);
    }
    parseMcTemplate(text, path);
    template = { source: path, text };
  } else if (logprobs === 'completions') {
    template = { source: 'default', text: DEFAULT_MC_TEMPLATE };
  }
  if (logprobs === 'gguf') throw new UsageError(`${COMMAND}: --logprobs gguf needs --model-file`);
  return { logprobs, template, mc2Mode: mc2ModeFrom(parsed), request: { promptList: null, maxTokens: null } };
}

function mc2ModeFrom(parsed: Parsed): Mc2Mode {
  return choiceOption(COMMAND, parsed, 'compat', ['official-mc2'] as const) ?? 'paper';
}

function openConfig(parsed: Parsed, io: CliIo): NonNullable<KalahiRunConfig['open']> {
  const list = stringOption(parsed, 'metrics');
  let metrics: MetricName[];
  if (list === undefined) {
    metrics = defaultMetricNames();
  } else {
    const chosen = parseMetricNames(list);
    if ('problem' in chosen) throw new UsageError(`${COMMAND}: --metrics: ${chosen.problem}`);
    metrics = chosen.names;
  }
  const neural = neuralChoices(parsed, metrics, io);
  const primary = stringOption(parsed, 'primary-metric');
  if (primary === undefined) return { metrics, primaryMetric: metrics.includes('chrf') ? 'chrf' : (metrics[0] ?? 'chrf'), neural };
  const problem = metricNameProblem(primary);
  if (problem !== null) throw new UsageError(`${COMMAND}: --primary-metric: ${problem}`);
  const named = metrics.find((m) => m === primary);
  if (named === undefined) throw new UsageError(`${COMMAND}: --primary-metric ${primary} is not among the metrics (${metrics.join(', ')})`);
  return { metrics, primaryMetric: named, neural };
}

const NEURAL_OPTIONS = ['bertscore-model', 'bertscore-layer', 'bertscore-idf', 'bertscore-rescale', 'bleurt-model'];

/** BERTScore's and BLEURT's model choices; their options are refused when the metric is not in --metrics. */
function neuralChoices(parsed: Parsed, metrics: readonly MetricName[], io: CliIo): NeuralChoices {
  for (const option of NEURAL_OPTIONS) {
    const metric = option.startsWith('bleurt') ? 'bleurt' : 'bertscore';
    if (parsed.values[option] !== undefined && !metrics.includes(metric))
      throw new UsageError(`${COMMAND}: --${option} applies when --metrics lists ${metric}`);
  }
  const layer = numberOption(COMMAND, parsed, 'bertscore-layer', { integer: true, min: 0 });
  const rescale = stringOption(parsed, 'bertscore-rescale');
  return {
    bertscore: metrics.includes('bertscore')
      ? {
          model: stringOption(parsed, 'bertscore-model') ?? DEFAULT_BERTSCORE_MODEL,
          layer: layer ?? null,
          idf: flag(parsed, 'bertscore-idf'),
          rescaleFile: rescale === undefined ? null : resolve(io.cwd, rescale),
        }
      : null,
    bleurt: metrics.includes('bleurt') ? { model: stringOption(parsed, 'bleurt-model') ?? DEFAULT_BLEURT_MODEL } : null,
  };
}
