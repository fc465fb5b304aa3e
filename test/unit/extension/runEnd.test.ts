// How a run Start Run launched ends in the extension (runEnd.ts, over a scripted notification port):
// an endpoint never reached ends the run in seconds with an error naming it and why; errors left end with
// a warning naming their count and cause and a Retry Errors button that redoes exactly those items in
// the same run folder (a fresh session and pool, as the CLI's --retry-errors); a run cancelled mid-way
// ends with a Resume button that runs the items left (as --resume); a mid-run outage is said in the
// progress notification. Real HTTP to the project's test server, the wizard driven as a user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { RequestPool, type RequestPoolOptions } from '../../../src/core/model/requestPool';
import { readManifest } from '../../../src/core/runs/runFolder';
import { type StartRunEnvironment } from '../../../src/core/startRunSteps/startRunUi';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { RESUME, RETRY_ERRORS, runToEnd } from '../../../src/extension/commands/runEnd';
import { type TestServer, startTestServer } from '../../server';
import { scratchDir } from '../../helpers/scratch';
import { scriptedUi } from '../../helpers/scriptedStartRunUi';
import { type CancelOn, type NotificationAnswer, scriptedRunEndUi } from '../../helpers/scriptedRunEndUi';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, itemOfRequest, judgeTemplate, questionPrompts, resultLines } from '../reliability/yokaiRun';
import { deadPort } from '../../helpers/deadPort';

const ITEMS = 10;
// Quick retries, so that a 500 ends its item as an error in well under a second.
const FAST_RETRY = { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 };

interface Launched {
  readonly runDir: string;
  /** Each execution's pool, in order: a retry must get a new one. */
  readonly pools: RequestPool[];
  readonly ms: number;
}

/** Start Run… as a user answers it (YokaiEval, the first ITEMS items at `url`), then the run to its end through runToEnd. */
async function launch(
  url: string,
  ui: ReturnType<typeof scriptedRunEndUi>,
  pool: Partial<RequestPoolOptions> = {},
  onRunDir?: (dir: string) => void,
): Promise<Launched> {
  const wizard = scriptedUi([
    'YokaiEval',
    'OpenAI-compatible base URL',
    url,
    'test-model',
    "On the model's endpoint",
    'gpt-4o',
    'First N items…',
    String(ITEMS),
  ]);
  const chosen = await chooseBenchmarkAndPlan(wizard, registeredBenchmarks());
  assert.ok(chosen !== undefined);
  const runDir = join(scratchDir('run-end'), 'yokaieval-test-model');
  onRunDir?.(runDir);
  const pools: RequestPool[] = [];
  const environment = (onOutage: RequestPoolOptions['onOutage']): StartRunEnvironment => {
    const fresh = new RequestPool({ maxConcurrency: 4, outageProbeMs: 20, ...pool, ...(onOutage !== undefined ? { onOutage } : {}) });
    pools.push(fresh);
    return {
      sources: { dataDir: sharedDataDir },
      keys: { model: chosen.apiKey, judge: chosen.apiKey },
      concurrency: 4,
      useCache: false,
      pool: fresh,
      cache: undefined,
      retry: FAST_RETRY,
    };
  };
  const started = Date.now();
  await runToEnd(ui, {
    title: chosen.benchmark.title,
    benchmarkId: chosen.benchmark.id,
    modelName: chosen.plan.modelName,
    name: 'yokaieval-test-model',
    runDir,
    sessions: chosen.plan,
    environment,
  });
  return { runDir, pools, ms: Date.now() - started };
}

const notices = (ui: ReturnType<typeof scriptedRunEndUi>): string[] =>
  ui.shown.flatMap((n) =>
    n.kind === 'progress' ? [] : [`${n.kind}: ${n.message}${n.buttons.length > 0 ? ` [${n.buttons.join(', ')}]` : ''}`],
  );

async function yokaiServer(
  t: { after(fn: () => Promise<void>): void },
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  const server = await startTestServer({ judgeTemplate: judgeTemplate(), ...options });
  t.after(() => server.close());
  return server;
}

test('a run against a port where nothing listens ends within seconds with one error naming the endpoint and "connection refused"', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH)) return;
  const url = `http://127.0.0.1:${await deadPort()}/v1`;
  const ui = scriptedRunEndUi();
  const { ms, runDir } = await launch(url, ui);
  assert.ok(ms < 10_000, `took ${ms} ms`);
  assert.deepEqual(notices(ui), [
    `error: Eval Adjudicator: ${url}: connection refused, and no request to it has succeeded: the run stops (check the base URL and that the server is running)`,
  ]);
  assert.equal(resultLines(runDir).length, 0, 'no item recorded as an error');
});

test('errors for some items end with a warning naming their count and cause; Retry Errors, once the server is healthy, redoes exactly those and leaves none', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const failing = new Set(['2', '5', '7']);
  const prompts = questionPrompts(ITEMS);
  let healthy = false;
  const server = await yokaiServer(t, {
    faultsForRequest: (req) =>
      !healthy && req.kind === 'chat' && req.model === 'test-model' && failing.has(itemOfRequest(prompts, req.userText) ?? '')
        ? { fault: 'status', status: 500 }
        : undefined,
  });
  let requestsBeforeRetry = 0;
  const answer: NotificationAnswer = ({ buttons }) => {
    healthy = true;
    requestsBeforeRetry = server.requests.length;
    return buttons.includes(RETRY_ERRORS) ? RETRY_ERRORS : undefined;
  };
  const ui = scriptedRunEndUi(answer);
  const { runDir, pools } = await launch(server.url, ui);

  const said = notices(ui);
  assert.equal(said.length, 2, said.join('\n'));
  assert.match(
    said[0] ?? '',
    /^warning: YokaiEval run yokaieval-test-model finished with 3 errors \(of 10 items\)\. Cause \(all 3\): model: 500 .+ \[Retry Errors\]$/,
  );
  assert.equal(said[1], 'info: YokaiEval run yokaieval-test-model: no errors left, all 10 items have results.');
  assert.deepEqual(
    ui.shown.flatMap((n) => (n.kind === 'progress' ? [n.title] : [])),
    ['YokaiEval: test-model', 'YokaiEval: retrying 3 errors of yokaieval-test-model'],
  );
  // Served models only: the progress is the item count (no step about local models' contexts).
  assert.deepEqual(ui.progressMessages.get('YokaiEval: test-model')?.at(-1), '10/10 items, 3 errors');
  assert.deepEqual(ui.progressMessages.get('YokaiEval: retrying 3 errors of yokaieval-test-model'), [
    '1/3 items',
    '2/3 items',
    '3/3 items',
  ]);
  assert.ok(ui.progressMessages.get('YokaiEval: test-model')?.every((m) => /^\d+\/10 items(, \d errors?)?$/.test(m)));
  assert.equal(pools.length, 2, 'the retry ran with a pool of its own');
  assert.notEqual(pools[0], pools[1]);

  // results.jsonl: the three items' error lines, then exactly one new line for each of them, now without error.
  const lines = resultLines(runDir);
  assert.equal(lines.length, ITEMS + failing.size);
  const firstRun = lines.slice(0, ITEMS);
  assert.deepEqual(
    firstRun
      .filter((l) => l.error !== null)
      .map((l) => l.itemId)
      .sort(),
    [...failing].sort(),
  );
  assert.ok(firstRun.every((l) => l.error === null || (l.error.stage === 'model' && l.error.kind === 'server')));
  const retried = lines.slice(ITEMS);
  assert.deepEqual(retried.map((l) => l.itemId).sort(), [...failing].sort());
  assert.ok(retried.every((l) => l.error === null && l.response !== null && l.judgeReply !== null));
  const current = new Map(lines.map((l) => [l.itemId, l]));
  assert.equal(current.size, ITEMS);
  assert.ok([...current.values()].every((l) => l.error === null));
  assert.deepEqual(readManifest(runDir).counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });

  // The retry asked the server about those three items only: a model and a judge request each.
  const afterRetry = server.requests.slice(requestsBeforeRetry).filter((r) => r.kind === 'chat');
  assert.equal(afterRetry.length, 2 * failing.size);
  const askedAbout = afterRetry.map((r) => {
    const messages = (r.body as { messages: { content: string }[] }).messages;
    return itemOfRequest(prompts, messages.at(-1)?.content ?? '');
  });
  assert.deepEqual([...new Set(askedAbout)].sort(), [...failing].sort());
});

test('a server given up mid-run: the progress says it waits and gives it up; Retry Errors starts afresh: refused at once while the server is still down, no errors left once it is back', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await yokaiServer(t, { latencyMs: 5, outage: { afterRequests: 8, durationMs: 4000 } });
  const isDown = (): boolean => server.outages[0]?.[1] === null;
  let runDir = '';
  let linesAtWarning = -1;
  let linesAtRefusal = -1;
  let errorsAtWarning = -1;
  const answer: NotificationAnswer = async ({ kind, buttons }) => {
    if (kind === 'warning') {
      // The first press comes while the server is still down: a retry with the run's pool would find it given up and fail every item again.
      assert.ok(isDown(), 'the server is still down at the first Retry Errors');
      const lines = resultLines(runDir);
      linesAtWarning = lines.length;
      errorsAtWarning = [...new Map(lines.map((l) => [l.itemId, l])).values()].filter((l) => l.error !== null).length;
      return RETRY_ERRORS;
    }
    linesAtRefusal = resultLines(runDir).length;
    while (isDown()) await new Promise((resolve) => setTimeout(resolve, 50));
    return buttons.includes(RETRY_ERRORS) ? RETRY_ERRORS : undefined;
  };
  const ui = scriptedRunEndUi(answer);
  const { pools } = await launch(server.url, ui, { outagePatienceMs: 500 }, (dir) => (runDir = dir));

  const progress = ui.progressMessages.get('YokaiEval: test-model') ?? [];
  assert.ok(
    progress.some((m) =>
      /waiting for the server: it stopped answering \(connection refused\); one request at a time checks for it, for up to 0\.5 s$/.test(m),
    ),
    progress.join('\n'),
  );
  assert.ok(
    progress.some((m) =>
      /the server has not answered for \d+\.\d s: given up, its items end as errors \(Retry Errors redoes them\)$/.test(m),
    ),
    progress.join('\n'),
  );
  const said = notices(ui);
  assert.equal(said.length, 3, said.join('\n'));
  assert.match(
    said[0] ?? '',
    /^warning: YokaiEval run yokaieval-test-model finished with \d+ errors? \(of 10 items\)\. (Cause \(all \d+\)|Commonest cause \(\d+ of \d+\)): (model|judge): Connection error \(connection refused\) \[Retry Errors\]$/,
  );
  assert.equal(
    said[1],
    `error: Eval Adjudicator: ${server.url}: connection refused, and no request to it has succeeded: the run stops (check the base URL and that the server is running) [Retry Errors]`,
  );
  assert.equal(said[2], 'info: YokaiEval run yokaieval-test-model: no errors left, all 10 items have results.');
  assert.equal(pools.length, 3, 'each execution with a pool of its own');
  assert.equal(linesAtRefusal, linesAtWarning, 'the refused retry recorded nothing');

  const lines = resultLines(runDir);
  const current = new Map(lines.map((l) => [l.itemId, l]));
  assert.equal(current.size, ITEMS);
  assert.ok([...current.values()].every((l) => l.error === null));
  assert.equal(lines.length, linesAtWarning + errorsAtWarning, 'the second retry redid each errored item once');
  assert.deepEqual(readManifest(runDir).counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
});

test('a server down for a moment mid-run: the progress says it waits, then that it is back, and the run ends without a warning', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await yokaiServer(t, { latencyMs: 5, outage: { afterRequests: 8, durationMs: 800 } });
  const ui = scriptedRunEndUi();
  const { runDir } = await launch(server.url, ui);
  const progress = ui.progressMessages.get('YokaiEval: test-model') ?? [];
  const waiting = progress.findIndex((m) =>
    /waiting for the server: it stopped answering \(connection refused\); .* for up to 120 s$/.test(m),
  );
  const back = progress.findIndex((m) => /the server is back after \d+\.\d s: going on$/.test(m));
  assert.ok(waiting !== -1 && back > waiting, progress.join('\n'));
  assert.deepEqual(notices(ui), []);
  assert.deepEqual(readManifest(runDir).counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
});

test('a run cancelled from its progress ends with a warning keeping the CLI command and a Resume button; Resume runs exactly the items left, in the same folder, to a complete run', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await yokaiServer(t, { latencyMs: 5 });
  const prompts = questionPrompts(ITEMS);
  let runDir = '';
  let idsAtWarning: string[] = [];
  let requestsAtWarning = -1;
  const cancelOn: CancelOn = (title, message) => title === 'YokaiEval: test-model' && message.startsWith('4/10 items');
  const answer: NotificationAnswer = ({ kind, buttons }) => {
    if (kind !== 'warning' || !buttons.includes(RESUME)) return undefined;
    idsAtWarning = resultLines(runDir).map((l) => l.itemId);
    requestsAtWarning = server.requests.length;
    return RESUME;
  };
  const ui = scriptedRunEndUi(answer, cancelOn);
  const { pools } = await launch(server.url, ui, {}, (dir) => (runDir = dir));

  const left = ITEMS - idsAtWarning.length;
  assert.ok(idsAtWarning.length >= 4 && left > 0, `${idsAtWarning.length} results when cancelled`);
  assert.deepEqual(notices(ui), [
    `warning: Run cancelled after ${idsAtWarning.length} of 10 items. Resume it here, or with: eval-adjudicator run yokaieval --resume "${runDir}" [Resume]`,
    'info: YokaiEval run yokaieval-test-model: no errors left, all 10 items have results.',
  ]);
  const resuming = `YokaiEval: resuming ${left} item${left === 1 ? '' : 's'} of yokaieval-test-model`;
  assert.deepEqual(
    ui.shown.flatMap((n) => (n.kind === 'progress' ? [n.title] : [])),
    ['YokaiEval: test-model', resuming],
  );
  assert.equal(ui.progressMessages.get(resuming)?.at(-1), `${left}/${left} items`);
  assert.equal(pools.length, 2, 'the resume ran with a pool of its own');

  // results.jsonl read as the JSON lines it is: every item exactly once, none an error.
  const raw = readFileSync(join(runDir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  const parsed = raw.map((line) => JSON.parse(line) as { itemId: string; error: unknown; response: unknown });
  const ids = parsed.map((l) => l.itemId);
  assert.equal(ids.length, ITEMS, 'one line per item: nothing run twice, nothing lost at the cancel');
  assert.deepEqual([...ids].sort(), Array.from({ length: ITEMS }, (_, i) => String(i)).sort());
  assert.deepEqual(ids.slice(0, idsAtWarning.length), idsAtWarning, 'the lines before the cancel are kept as they were');
  assert.ok(parsed.every((l) => l.error === null && typeof l.response === 'string'));
  const manifest = readManifest(runDir);
  assert.deepEqual(manifest.counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
  assert.equal(manifest.status, 'finished');
  assert.ok(manifest.finishedAt !== null);

  // The resume asked the server about the items left only: a model and a judge request each.
  const afterResume = server.requests.slice(requestsAtWarning).filter((r) => r.kind === 'chat');
  assert.equal(afterResume.length, 2 * left);
  const askedAbout = afterResume.map((r) =>
    itemOfRequest(prompts, (r.body as { messages: { content: string }[] }).messages.at(-1)?.content ?? ''),
  );
  assert.deepEqual([...new Set(askedAbout)].sort(), ids.filter((id) => !idsAtWarning.includes(id)).sort());
});
