// Standalone test server for end-to-end tests:
//   node --import tsx test/server/main.ts --port 0 [--latency-ms N] [--judge-template FILE] ...
// Prints one JSON line {"url":"http://127.0.0.1:PORT/v1"} when listening; exits on SIGTERM or SIGINT.
// Serves GET /__test/requests, POST /__test/reset and POST /__test/configure for the test driving it.
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startTestServer } from './server';
import { hostileScript } from './hostileScript';
import type { CompletionsOptions, RandomFaults, TestServerOptions } from './types';

const USAGE = `options:
  --port N                  (default 0: any free port)     --host H (default 127.0.0.1)
  --latency-ms N            delay before every answer
  --judge-template FILE     judge prompt template (default: shared data yokaieval/judge_prompt.txt)
  --model-seed N            seed of the scripted model's choices
  --fault-seed N            seed of random faults (default 0), with:
  --rate429 P --rate500 P --rate-drop P --rate-malformed P --rate-empty-choices P
  --retry-after-seconds S   Retry-After of injected 429s, or "none" (default 1)
  --rate-limit-per-second R --rate-limit-burst B
  --refuse-max-tokens-zero  --no-prompt-list
  --logprobs-mode normal|none|nulls|constant   --text-offset-unit utf16|codepoint
  --require-api-key-env VAR require the key held in environment variable VAR
  --models a,b              names listed by GET /v1/models
  --outage-after-requests N --outage-ms MS   go down (connections refused) at the N-th model request, for MS
  --requests-log FILE       append each finished request as a JSON line
  --hostile-responses       the scripted model and judge answer with payloads of test/fixtures/xssPayloads.ts`;

function num(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`--${name} needs a number, got ${value}`);
  return n;
}

function optionsFromArgs(argv: string[]): TestServerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'latency-ms': { type: 'string' },
      'judge-template': { type: 'string' },
      'model-seed': { type: 'string' },
      'fault-seed': { type: 'string' },
      rate429: { type: 'string' },
      rate500: { type: 'string' },
      'rate-drop': { type: 'string' },
      'rate-malformed': { type: 'string' },
      'rate-empty-choices': { type: 'string' },
      'retry-after-seconds': { type: 'string' },
      'rate-limit-per-second': { type: 'string' },
      'rate-limit-burst': { type: 'string' },
      'refuse-max-tokens-zero': { type: 'boolean' },
      'no-prompt-list': { type: 'boolean' },
      'logprobs-mode': { type: 'string' },
      'text-offset-unit': { type: 'string' },
      'require-api-key-env': { type: 'string' },
      models: { type: 'string' },
      'requests-log': { type: 'string' },
      'outage-after-requests': { type: 'string' },
      'outage-ms': { type: 'string' },
      'hostile-responses': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const options: TestServerOptions = { controlEndpoints: true };
  options.port = num(values.port, 'port') ?? 0;
  if (values.host !== undefined) options.host = values.host;
  const latency = num(values['latency-ms'], 'latency-ms');
  if (latency !== undefined) options.latencyMs = latency;
  if (values['judge-template'] !== undefined) options.judgeTemplate = readFileSync(values['judge-template'], 'utf8');
  const modelSeed = num(values['model-seed'], 'model-seed');
  if (modelSeed !== undefined) options.modelSeed = modelSeed;

  const faults: RandomFaults = { seed: num(values['fault-seed'], 'fault-seed') ?? 0 };
  const rates: [keyof RandomFaults, string][] = [
    ['rate429', 'rate429'],
    ['rate500', 'rate500'],
    ['rateDrop', 'rate-drop'],
    ['rateMalformed', 'rate-malformed'],
    ['rateEmptyChoices', 'rate-empty-choices'],
  ];
  let anyFault = false;
  for (const [key, flag] of rates) {
    const v = num(values[flag as 'rate429'], flag);
    if (v !== undefined) {
      Object.assign(faults, { [key]: v });
      anyFault = true;
    }
  }
  const retryAfter = values['retry-after-seconds'];
  if (retryAfter !== undefined) faults.retryAfterSeconds = retryAfter === 'none' ? null : num(retryAfter, 'retry-after-seconds');
  if (anyFault) options.faults = faults;

  const rate = num(values['rate-limit-per-second'], 'rate-limit-per-second');
  if (rate !== undefined) options.rateLimitPerSecond = rate;
  const burst = num(values['rate-limit-burst'], 'rate-limit-burst');
  if (burst !== undefined) options.rateLimitBurst = burst;

  const completions: CompletionsOptions = {};
  if (values['refuse-max-tokens-zero'] === true) completions.refuseMaxTokensZero = true;
  if (values['no-prompt-list'] === true) completions.acceptPromptList = false;
  const mode = values['logprobs-mode'];
  if (mode !== undefined) {
    if (mode !== 'normal' && mode !== 'none' && mode !== 'nulls' && mode !== 'constant') throw new Error(`bad --logprobs-mode ${mode}`);
    completions.logprobsMode = mode;
  }
  const unit = values['text-offset-unit'];
  if (unit !== undefined) {
    if (unit !== 'utf16' && unit !== 'codepoint') throw new Error(`bad --text-offset-unit ${unit}`);
    completions.textOffsetUnit = unit;
  }
  options.completions = completions;

  const keyVar = values['require-api-key-env'];
  if (keyVar !== undefined) {
    const key = process.env[keyVar];
    if (key === undefined || key === '') throw new Error(`environment variable ${keyVar} is empty`);
    options.requireApiKey = key;
  }
  const outageAfter = num(values['outage-after-requests'], 'outage-after-requests');
  if (outageAfter !== undefined)
    options.outage = { afterRequests: outageAfter, durationMs: num(values['outage-ms'], 'outage-ms') ?? 10_000 };
  if (values.models !== undefined) options.models = values.models.split(',').filter((m) => m !== '');
  if (values['hostile-responses'] === true) options.script = hostileScript;
  const log = values['requests-log'];
  if (log !== undefined) options.onRecorded = (record) => appendFileSync(log, `${JSON.stringify(record)}\n`);
  return options;
}

async function main(): Promise<void> {
  let options: TestServerOptions;
  try {
    options = optionsFromArgs(process.argv.slice(2));
  } catch (err: unknown) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  }
  const server = await startTestServer(options);
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
}

void main();
