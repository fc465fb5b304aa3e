import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { renderChat, startTestServer, tokenize, type TestServerOptions } from '../../server';
import { CompletionsBackend } from '../../../src/core/backends/completionsBackend';
import { parseKalahiCsv } from '../../../src/core/benchmarks/kalahi/dataset';
import { readKalahiResults } from '../../../src/core/benchmarks/kalahi/kalahiResults';
import { parseMcTemplate, DEFAULT_MC_TEMPLATE } from '../../../src/core/backends/mcPromptTemplate';
import { type KalahiResultLine } from '../../../src/core/benchmarks/kalahi/resultParts';
import { ServerClient } from '../../../src/core/backends/serverClient';
import { RequestPool } from '../../../src/core/model/requestPool';
import { readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { type Expected, completionsLogprob, expectedMc, referencesOf, vllmChatLogprob } from './expectedMc';

const csvPath = join(sharedDataDir, 'kalahi', 'filipino.csv');

function assertLineMatches(line: KalahiResultLine, expected: Expected, mode: 'paper' | 'official-mc2'): void {
  const mc = line.mc;
  assert.ok(mc !== undefined, `item ${line.itemId} has an MC part`);
  assert.deepEqual(
    mc.relevant.map((r) => r.score),
    expected.relevant,
    `item ${line.itemId}: relevant scores`,
  );
  assert.deepEqual(
    mc.irrelevant.map((r) => r.score),
    expected.irrelevant,
    `item ${line.itemId}: irrelevant scores`,
  );
  assert.equal(mc.mc1, expected.mc1, `item ${line.itemId}: MC1`);
  const mc2 = mode === 'paper' ? expected.mc2Paper : expected.mc2Official;
  assert.ok(Math.abs(mc.mc2 - mc2) < 1e-12, `item ${line.itemId}: MC2 ${mc.mc2} vs ${mc2}`);
  assert.equal(mc.mc2Mode, mode);
  assert.equal(line.verdict, null, 'MC items have no automatic verdict');
}

const SummarySchema = z.object({
  mc: z.object({ mc1: z.number(), mc2: z.number(), mc2Mode: z.string(), scored: z.number() }),
  open: z.undefined().optional(),
});

async function mcRun(options: TestServerOptions, extra: readonly string[]) {
  const server = await startTestServer(options);
  const out = scratchDir('kalahi-mc');
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--no-cache',
      ...extra,
    ],
    { env: {} },
  );
  return { server, out, result };
}

test("MC1 and MC2 equal those recomputed from the test server's tokenizer and log-probs; one request per item", async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const { server, result } = await mcRun({}, ['--limit', '40']);
  t.after(() => server.close());
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  const lines = [...readKalahiResults(result.lastLine, manifest).values()];
  assert.equal(lines.length, 40);
  const expected = lines.map((line) => expectedMc(String(line.inputs['prompt']), line.inputs, completionsLogprob));
  lines.forEach((line, i) => assertLineMatches(line, expected[i] as Expected, 'paper'));
  assert.ok(
    lines.every((l) => l.mc?.requests === 1),
    'all references of an item go in one request',
  );
  assert.equal(
    server.requests.filter((r) => r.kind === 'completions').length,
    40,
    "the probe's reply is used by its item: 40 requests for 40 items",
  );
  const first = lines[0]?.mc?.relevant[0];
  const firstPrompt = String(lines[0]?.inputs['prompt']);
  assert.equal(first?.sent, `${firstPrompt}\n${referencesOf(lines[0]?.inputs ?? {}).relevant[0] ?? ''}`, 'the exact text sent is recorded');
  assert.deepEqual(manifest.settings['mc'] && z.object({ request: z.unknown(), mc2: z.string() }).parse(manifest.settings['mc']), {
    request: { promptList: true, maxTokens: 0 },
    mc2: 'paper',
  });

  const summary = SummarySchema.parse(JSON.parse((await runCli(['summary', result.lastLine, '--json'])).stdout));
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  assert.equal(summary.mc.mc1, mean(expected.map((e) => e.mc1)));
  assert.ok(Math.abs(summary.mc.mc2 - mean(expected.map((e) => e.mc2Paper))) < 1e-12);
  assert.equal(summary.mc.scored, 40);
  assert.ok(summary.mc.mc1 > 0 && summary.mc.mc1 < 1, 'the scripted log-probs make MC1 vary');
});

test('--compat official-mc2 exponentiates twice and is recorded', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const { server, result } = await mcRun({}, ['--limit', '6', '--compat', 'official-mc2']);
  t.after(() => server.close());
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  assert.equal(z.object({ mc2: z.string() }).parse(manifest.settings['mc']).mc2, 'official-mc2');
  for (const line of readKalahiResults(result.lastLine, manifest).values()) {
    const expected = expectedMc(String(line.inputs['prompt']), line.inputs, completionsLogprob);
    assertLineMatches(line, expected, 'official-mc2');
    assert.ok(Math.abs(expected.mc2Official - 0.5) < 0.03, `near 0.50 as in the official results: ${expected.mc2Official}`);
  }
  const summary = SummarySchema.parse(JSON.parse((await runCli(['summary', result.lastLine, '--json'])).stdout));
  assert.equal(summary.mc.mc2Mode, 'official-mc2');
});

test('a server that refuses max_tokens 0 and prompt lists and counts text_offset in code points gives the same scores', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const { server, result } = await mcRun(
    { completions: { refuseMaxTokensZero: true, acceptPromptList: false, textOffsetUnit: 'codepoint' } },
    ['--limit', '5', '--concurrency', '1'],
  );
  t.after(() => server.close());
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  const lines = [...readKalahiResults(result.lastLine, manifest).values()];
  for (const line of lines) assertLineMatches(line, expectedMc(String(line.inputs['prompt']), line.inputs, completionsLogprob), 'paper');
  assert.deepEqual(z.object({ request: z.unknown() }).parse(manifest.settings['mc']).request, { promptList: false, maxTokens: 1 });
  const referencesPerItem = lines.map((l) => (l.mc?.relevant.length ?? 0) + (l.mc?.irrelevant.length ?? 0));
  assert.deepEqual(
    lines.map((l) => l.mc?.requests),
    referencesPerItem.map((n, i) => (i === 0 ? n + 2 : n)),
    'the first item learns the server (a refused list, a refused max_tokens 0), then one request per reference',
  );
  assert.equal(server.requests.filter((r) => r.kind === 'completions').length, referencesPerItem.reduce((a, b) => a + b, 0) + 2);
});

test('the completions backend aligns references after astral characters with code point offsets', async (t) => {
  const server = await startTestServer({ completions: { textOffsetUnit: 'codepoint', refuseMaxTokensZero: true } });
  t.after(() => server.close());
  const client = new ServerClient({
    endpoint: { provider: 'openai-compatible', baseUrl: server.url },
    apiKey: undefined,
    pool: new RequestPool({ maxConcurrency: 2 }),
  });
  const backend = new CompletionsBackend(client, 'm', parseMcTemplate(DEFAULT_MC_TEMPLATE, 'default'), {
    promptList: null,
    maxTokens: null,
  });
  const prompt = 'Emoji 😀 ba ito? 👍🏽';
  const references = ['Oo, 😀 iyan.', 'Hindi po.'];
  const result = await backend.score(prompt, references, new AbortController().signal);
  assert.deepEqual(
    result.references.map((r) => r.logprob),
    references.map((r) => completionsLogprob(prompt, r)),
  );
  assert.deepEqual(backend.learned(), { promptList: true, maxTokens: 1 });
  assert.equal(result.requests, 2);
});

for (const mode of ['none', 'nulls', 'constant'] as const) {
  test(`a server whose log-probs are ${mode === 'none' ? 'absent' : mode === 'nulls' ? 'null' : 'all the same'} is refused before anything is written`, async (t) => {
    if (!requireSharedFile(t, csvPath)) return;
    const { server, out, result } = await mcRun({ completions: { logprobsMode: mode } }, ['--limit', '10']);
    t.after(() => server.close());
    assert.equal(result.code, 1, result.stderr);
    assert.match(result.stderr, /Kalahi MC cannot be scored with model "m" at 127\.0\.0\.1:\d+ \(http:\/\/127\.0\.0\.1:\d+\/v1\)/);
    assert.match(result.stderr, mode === 'none' ? /holds no log-probs/ : mode === 'nulls' ? /null where numbers belong/ : /same log-prob/);
    assert.match(result.stderr, /Ollama and llama\.cpp cannot/);
    assert.ok(!existsSync(out) || readdirSync(out).length === 0, 'no run folder was made');
    // The rest of the first round (8 workers) was asked beside the probe, and dropped with it.
    assert.ok(
      server.requests.length >= 1 && server.requests.length <= 8,
      `${server.requests.length} requests: the probe and at most the rest of its round`,
    );
  });
}

test('the log-prob check does not run alone: the rest of the first round is asked while it is in flight, and used', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  let mostInFlight = 0;
  let firstAnswered = false;
  const server = await startTestServer({
    latencyMs: 400,
    faultsForRequest: () => {
      // Requests received while the first (the probe) is still unanswered.
      if (!firstAnswered) mostInFlight = Math.max(mostInFlight, server.requests.filter((r) => r.status === 'pending').length);
      return undefined;
    },
    onRecorded: () => {
      firstAnswered = true;
    },
  });
  t.after(() => server.close());
  const out = scratchDir('kalahi-overlap');
  const result = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'mc',
      '--model',
      'm',
      '--base-url',
      server.url,
      '--data',
      sharedDataDir,
      '--out',
      out,
      '--no-cache',
      '--limit',
      '12',
      '--concurrency',
      '6',
    ],
    { env: {} },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(mostInFlight, 6, 'six requests in flight before the probe was answered');
  assert.equal(server.requests.filter((r) => r.kind === 'completions').length, 12, 'their replies were used: one request per item');
  assert.equal(readManifest(result.lastLine).counts.done, 12);
});

test('vllm-chat without prompt_logprobs is refused the same way', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const { server, result } = await mcRun({ completions: { logprobsMode: 'none' } }, ['--limit', '3', '--logprobs', 'vllm-chat']);
  t.after(() => server.close());
  assert.equal(result.code, 1);
  assert.match(result.stderr, /model "m" at 127\.0\.0\.1:\d+.*holds no prompt_logprobs/);
});

test('--logprobs ollama or llama.cpp says why not before any request', async (t) => {
  const server = await startTestServer();
  t.after(() => server.close());
  for (const name of ['ollama', 'llama.cpp']) {
    const result = await runCli(
      [
        'run',
        'kalahi',
        '--model',
        'm',
        '--base-url',
        server.url,
        '--logprobs',
        name,
        '--data',
        sharedDataDir,
        '--out',
        scratchDir('ollama'),
      ],
      { env: {} },
    );
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      new RegExp(`--logprobs ${name.replace('.', '\\.')}: .*(no log-probs of prompt tokens|never of the prompt).*--task open`),
    );
  }
  assert.equal(server.requests.length, 0);
});

test('vllm-chat: the official method, recomputed from the chat template, /tokenize and prompt_logprobs', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const { server, result } = await mcRun({}, ['--limit', '4', '--logprobs', 'vllm-chat']);
  t.after(() => server.close());
  assert.equal(result.code, 0, result.stderr);
  const manifest = readManifest(result.lastLine);
  const lines = [...readKalahiResults(result.lastLine, manifest).values()];
  for (const line of lines) {
    assertLineMatches(line, expectedMc(String(line.inputs['prompt']), line.inputs, vllmChatLogprob), 'paper');
    const prompt = String(line.inputs['prompt']);
    assert.ok(
      line.mc?.relevant.every(
        (r) => r.sent === null && r.prefixTokens === tokenize(renderChat([{ role: 'user', content: prompt }], true)).length,
      ),
    );
    assert.equal(
      line.mc?.requests,
      (line.mc?.relevant.length ?? 0) + (line.mc?.irrelevant.length ?? 0) + 1,
      'one /tokenize and one chat request per reference',
    );
  }
  const settings = z.object({ logprobs: z.string(), fidelity: z.string(), template: z.null() }).parse(manifest.settings['mc']);
  assert.equal(settings.logprobs, 'vllm-chat');
  assert.match(settings.fidelity, /^official method/);
  const chats = server.requests
    .filter((r) => r.kind === 'chat')
    .map((r) => z.looseObject({ add_generation_prompt: z.boolean(), prompt_logprobs: z.number() }).parse(r.body));
  assert.ok(chats.every((b) => b.add_generation_prompt === false && b.prompt_logprobs === 0));
  assert.ok(server.requests.filter((r) => r.kind === 'tokenize').every((r) => r.path === '/tokenize'));
});

test("a failed request in the probe is that item's error, not the run's: the run goes on", async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  const first = parseKalahiCsv(readFileSync(csvPath, 'utf8'), csvPath)[0];
  assert.ok(first !== undefined);
  const { server, result } = await mcRun(
    {
      faultsForRequest: (req) =>
        req.kind === 'completions' && req.prompts.some((p) => p.startsWith(`${first.record.prompt}\n`))
          ? { fault: 'status', status: 400 }
          : undefined,
    },
    ['--limit', '4'],
  );
  t.after(() => server.close());
  assert.equal(result.code, 3, `the run goes on, and exits 3 for the item error that remains: ${result.stderr}`);
  const lines = readKalahiResults(result.lastLine, readManifest(result.lastLine));
  assert.deepEqual(lines.get(first.id)?.error, { stage: 'logprobs', kind: 'bad-request', message: lines.get(first.id)?.error?.message });
  assert.deepEqual(
    [...lines.values()].filter((l) => l.mc !== undefined).map((l) => l.mc?.requests),
    [1, 1, 1],
    'an unrelated 400 taught the backend nothing',
  );
  assert.deepEqual(z.object({ request: z.unknown() }).parse(readManifest(result.lastLine).settings['mc']).request, {
    promptList: true,
    maxTokens: 0,
  });
});

test('log-probs that turn constant mid-run stop the run: no chance-level line is written, and --resume finishes later', async (t) => {
  if (!requireSharedFile(t, csvPath)) return;
  let completions = 0;
  const server = await startTestServer({});
  server.configure({
    onRecorded: (record) => {
      if (record.kind === 'completions' && ++completions === 6) server.configure({ completions: { logprobsMode: 'constant' } });
    },
  });
  t.after(() => server.close());
  const out = scratchDir('kalahi-turn');
  const argv = [
    'run',
    'kalahi',
    '--task',
    'mc',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--data',
    sharedDataDir,
    '--out',
    out,
    '--name',
    'turned',
    '--no-cache',
    '--limit',
    '30',
    '--concurrency',
    '2',
  ];
  const stopped = await runCli(argv, { env: {} });
  assert.equal(stopped.code, 1);
  assert.match(
    stopped.stderr,
    /Kalahi MC cannot be scored with model "m" at 127\.0\.0\.1:\d+ .*every token of every reference got the same log-prob \(-1\)/,
  );
  const runDir = join(out, 'turned');
  const manifest = readManifest(runDir);
  assert.equal(manifest.status, 'error', 'stopped as a whole, resumable');
  assert.match(manifest.stoppedBy?.message ?? '', /same log-prob/);
  const written = [...readKalahiResults(runDir, manifest).values()];
  assert.ok(written.length >= 5 && written.length < 30, `${written.length} lines`);
  for (const line of written) assertLineMatches(line, expectedMc(String(line.inputs['prompt']), line.inputs, completionsLogprob), 'paper');

  server.configure({ completions: { logprobsMode: 'normal' } });
  const resumed = await runCli(['run', 'kalahi', '--resume', runDir, '--data', sharedDataDir, '--no-cache'], { env: {} });
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(readManifest(runDir).counts, { items: 30, done: 30, error: 0, missing: 0 });
});
