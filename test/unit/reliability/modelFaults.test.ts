// Faults in the model endpoint: every kind the test server can inject, against a real run. The run always
// completes; every item ends scored or recorded as an error with its reason; --retry-errors ends it exact;
// no file written holds a key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestServer, type ChatRequestInfo, type ScriptedReply } from '../../server';
import { parseJudgeVerdict } from '../../../src/core/benchmarks/yokaieval/verdict';
import { readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { TEST_KEYS, assertNoSecrets, assertTextHasNoSecrets } from '../../fixtures/secretScan';
import {
  DATASET_PATH,
  JUDGE_MODEL,
  TEMPLATE_PATH,
  currentByItem,
  itemOfRequest,
  judgeTemplate,
  questionPrompts,
  resultLines,
  runYokaiEval,
} from './yokaiRun';

const N = 40;
const isJudge = (req: ChatRequestInfo): boolean => req.model === JUDGE_MODEL;

/** Items that fail on every attempt, and how: [item, which call, fault, the error kind expected]. */
const ALWAYS: readonly [string, 'model' | 'judge', ScriptedReply, string][] = [
  ['1', 'model', { fault: 'hang' }, 'timeout'],
  ['2', 'model', { fault: 'malformed' }, 'malformed'],
  ['3', 'model', { fault: 'empty-choices' }, 'empty'],
  ['4', 'judge', { fault: 'drop' }, 'connection'],
  ['5', 'judge', { fault: 'status', status: 500 }, 'server'],
  ['6', 'model', { fault: 'status', status: 429, headers: { 'retry-after-ms': '10', 'retry-after': '1' } }, 'rate-limit'],
  ['7', 'judge', { fault: 'status', status: 429 }, 'rate-limit'],
  ['8', 'model', { fault: 'status', status: 503, body: 'Service Unavailable' }, 'server'],
];

/** Judge replies off the menu: kept raw, parsed by exact match (so null), never an error. */
const OFF_MENU: ReadonlyMap<string, string> = new Map([
  ['10', 'Maybe'],
  ['11', ' true'],
  ['12', 'true.'],
  ['13', '<b>true</b>'],
  ['14', ''],
  ['15', 'TRUE\n'],
  ['16', 'はい、正しいです'],
  ['17', '{"verdict": true}'],
]);

/** Items whose first attempt fails and whose retry succeeds. */
const FIRST_ATTEMPT: ReadonlyMap<string, ScriptedReply> = new Map<string, ScriptedReply>([
  ['20', { fault: 'hang' }],
  ['21', { fault: 'drop' }],
  ['22', { fault: 'malformed' }],
  ['23', { fault: 'status', status: 429 }],
  ['24', { fault: 'empty-choices' }],
]);

test('every kind of endpoint fault: the run completes, each item is scored or an error with its reason, --retry-errors ends it exact', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const prompts = questionPrompts(N);
  const server = await startTestServer({
    judgeTemplate: judgeTemplate(),
    latencyMs: 2,
    // Random faults on top, drawn per (request, attempt).
    faults: {
      seed: 11,
      rate429: 0.08,
      retryAfterSeconds: 0.02,
      rate500: 0.05,
      rateDrop: 0.04,
      rateMalformed: 0.04,
      rateEmptyChoices: 0.04,
    },
    faultsForRequest: (req, attempt) => {
      if (req.kind !== 'chat') return undefined;
      const item = itemOfRequest(prompts, req.userText);
      if (item === undefined) return undefined;
      const always = ALWAYS.find(([id, call]) => id === item && (call === 'judge') === isJudge(req));
      if (always !== undefined) return always[2];
      if (attempt === 0 && !isJudge(req)) return FIRST_ATTEMPT.get(item);
      return undefined;
    },
    script: (req, fallback) => {
      const offMenu = isJudge(req) ? OFF_MENU.get(itemOfRequest(prompts, req.userText) ?? '') : undefined;
      return offMenu !== undefined ? { content: offMenu } : fallback(req);
    },
  });
  t.after(() => server.close());
  const out = scratchDir('faults');
  const cacheDir = scratchDir('faults-cache');
  const runDir = join(out, 'run');

  const outcome = await runYokaiEval({
    url: server.url,
    dir: runDir,
    limit: N,
    pool: { maxConcurrency: 8, minSpacingMs: 2, cooldownMs: 10 },
    retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 100 },
    timeoutMs: 400,
    cacheDir,
    keys: { model: TEST_KEYS.model, judge: TEST_KEYS.judge },
  });
  assert.equal(outcome.cancelled, false);
  const manifest = readManifest(runDir);
  assert.equal(manifest.status, 'finished');
  assert.equal(manifest.counts.missing, 0);
  assert.equal(manifest.counts.done + manifest.counts.error, N);
  const lines = resultLines(runDir);
  assert.equal(lines.length, N, 'one line per item');
  const current = currentByItem(runDir);
  for (const [id, line] of current) {
    if (line.error !== null) {
      assert.ok(['model', 'judge'].includes(line.error.stage), `item ${id}: stage ${line.error.stage}`);
      assert.ok(line.error.kind !== '' && line.error.message.trim() !== '', `item ${id}: an error without its reason`);
      assert.equal(line.verdict, null);
    } else {
      assert.equal(typeof line.response, 'string', `item ${id}: scored without a response`);
      assert.equal(typeof line.judgeReply, 'string', `item ${id}: scored without a judge reply`);
      assert.equal(line.verdict, parseJudgeVerdict(line.judgeReply ?? ''), `item ${id}: verdict and reply disagree`);
    }
  }
  for (const [id, call, , kind] of ALWAYS) {
    const line = current.get(id);
    assert.deepEqual([line?.error?.stage, line?.error?.kind], [call, kind], `item ${id}: ${JSON.stringify(line?.error)}`);
    assert.match(line?.error?.message ?? '', /after 4 attempts/);
  }
  for (const [id, reply] of OFF_MENU) {
    const line = current.get(id);
    assert.equal(line?.error, null, `item ${id}: an off-menu judge reply is not an error`);
    assert.equal(line?.judgeReply, reply, `item ${id}: the raw reply is kept`);
    assert.equal(line?.verdict, null, `item ${id}: an off-menu reply is null`);
  }
  for (const id of FIRST_ATTEMPT.keys()) assert.equal(current.get(id)?.error, null, `item ${id} was retried to success`);
  const failed = [...current.values()].filter((l) => l.error !== null).map((l) => l.itemId);
  assert.ok(failed.length >= ALWAYS.length);

  // The endpoint recovers: --retry-errors (the CLI, as a user runs it) redoes exactly the failed items.
  server.configure({ faults: { seed: 0 }, faultsForRequest: () => undefined, script: (req, fallback) => fallback(req) });
  const retried = await runCli(['run', 'yokaieval', '--retry-errors', runDir, '--data', sharedDataDir, '--cache-dir', cacheDir], {
    env: { OPENAI_API_KEY: TEST_KEYS.model, JUDGE_API_KEY: TEST_KEYS.judge },
  });
  assert.equal(retried.code, 0, retried.stderr);
  assertTextHasNoSecrets(retried.stdout + retried.stderr, Object.values(TEST_KEYS), 'the CLI output');
  const after = readManifest(runDir);
  assert.deepEqual(after.counts, { items: N, done: N, error: 0, missing: 0 });
  assert.equal(after.status, 'finished');
  const all = resultLines(runDir);
  assert.equal(all.length, N + failed.length, 'exactly the failed items were redone');
  assert.deepEqual(
    all
      .slice(N)
      .map((l) => l.itemId)
      .sort(),
    failed.sort(),
  );
  assert.ok(server.requests.every((r) => r.hadApiKey));
  assertNoSecrets([out, cacheDir], Object.values(TEST_KEYS), { minFiles: 4 });
});
