// A server that goes down mid-run (every connection dropped, new ones refused) and comes back: the run
// finishes exact without --retry-errors, every item scored once, the same as a run that saw no outage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestServer } from '../../server';
import { readManifest } from '../../../src/core/runs/runFolder';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, currentByItem, judgeTemplate, resultLines, runYokaiEval } from './yokaiRun';

const ITEMS = 60;
const CONCURRENCY = 8;
const OUTAGE_MS = 1500;
// Retry waits that alone would give up long before the server is back (20 + 40 + 80 + 160 + 320 ms at most):
// without the pool holding requests while the server is away, items would end as connection errors.
const RETRY = { maxAttempts: 6, baseDelayMs: 20, maxDelayMs: 400 };

test('the server is down for a while mid-run: the run finishes exact without --retry-errors, every item scored once', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await startTestServer({
    judgeTemplate: judgeTemplate(),
    latencyMs: 5,
    outage: { afterRequests: 40, durationMs: OUTAGE_MS },
  });
  t.after(() => server.close());
  const runDir = join(scratchDir('outage'), 'run');
  const outcome = await runYokaiEval({
    url: server.url,
    dir: runDir,
    limit: ITEMS,
    pool: { maxConcurrency: CONCURRENCY, outageProbeMs: 20 },
    retry: RETRY,
  });
  assert.equal(outcome.cancelled, false);

  assert.equal(server.outages.length, 1, 'the server went down once');
  const [down, back] = server.outages[0] ?? [0, null];
  assert.ok(back !== null && back - down >= OUTAGE_MS, 'and came back after the outage');
  const manifest = readManifest(runDir);
  assert.equal(manifest.status, 'finished');
  assert.deepEqual(manifest.counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
  const lines = resultLines(runDir);
  assert.equal(lines.length, ITEMS, 'one line per item: each scored once');
  assert.equal(new Set(lines.map((l) => l.itemId)).size, ITEMS);
  // Requests the outage cut off (in flight when it began, or sent as it began) are the only repeats.
  const answered = server.requests.filter((r) => r.kind === 'chat' && r.status === 200).length;
  assert.equal(answered, 2 * ITEMS, 'each model and judge request answered once');
  const sent = server.requests.filter((r) => r.kind === 'chat').length;
  assert.ok(sent <= 2 * ITEMS + CONCURRENCY, `${sent} requests reached the server for ${2 * ITEMS} needed`);

  // The same items on the same server without an outage: the same responses and verdicts.
  server.configure({ outage: undefined });
  const cleanDir = join(scratchDir('outage-clean'), 'run');
  await runYokaiEval({ url: server.url, dir: cleanDir, limit: ITEMS, pool: { maxConcurrency: CONCURRENCY }, retry: RETRY });
  const clean = currentByItem(cleanDir);
  for (const [id, line] of currentByItem(runDir)) {
    assert.deepEqual([line.response, line.verdict], [clean.get(id)?.response, clean.get(id)?.verdict], `item ${id}`);
  }
});
