// A run calls its session's preflight once (before anything is written) and its release once (when the run
// ends), whether it is a new run, a resume, a retry of errors, or a run whose preflight refuses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RequestPool } from '../../../src/core/model/requestPool';
import { type SessionEnvironment } from '../../../src/core/contract/benchmark';
import { registerBenchmark } from '../../../src/core/benchmarks/registry';
import { continueRun, runEveryItem } from '../../../src/core/runs/executeRun';
import { readManifest, runPaths } from '../../../src/core/runs/runFolder';
import { type RunSession } from '../../../src/core/runs/runSession';
import { UserError } from '../../../src/core/util/errors';
import { startTestServer } from '../../server';
import { scratchDir } from '../../helpers/scratch';
import { TINY } from '../../fixtures/benchmarks/tiny';
import { prepareTinyRun, reopenTinyRun } from '../../fixtures/benchmarks/tiny/session';

registerBenchmark(TINY);

interface Counted {
  readonly session: RunSession;
  readonly preflights: (readonly string[])[];
  releases: number;
}

/** The session with its preflight and release counted (and the preflight refusing when asked to). */
function counted(session: RunSession, refuse = false): Counted {
  const record: Counted = { session, preflights: [], releases: 0 };
  return Object.assign(record, {
    session: {
      ...session,
      preflight: async (ids: readonly string[]) => {
        record.preflights.push([...ids]);
        if (refuse) throw new UserError('the server cannot do this');
      },
      release: async () => {
        record.releases += 1;
        await session.release?.();
      },
    },
  });
}

function environment(): SessionEnvironment {
  return {
    sources: { dataDir: undefined, cacheDir: scratchDir('lifecycle-cache') },
    keys: { model: 'k', judge: 'k' },
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1 }),
    cache: undefined,
  };
}

test('preflight and release run once per run: new, cancelled, resumed, errors retried, refused', async (t) => {
  const server = await startTestServer({ script: () => ({ content: 'an answer' }) });
  t.after(() => server.close());
  const spec = {
    endpoint: { provider: 'openai-compatible' as const, baseUrl: server.url },
    name: 'tiny-model',
    apiKeyEnv: null,
    systemPrompt: null,
    params: { temperature: 0, topP: null, maxTokens: 16 },
  };
  const dir = join(scratchDir('lifecycle'), 'tiny-run');

  const controller = new AbortController();
  const first = counted(prepareTinyRun('tiny-run', spec, environment()));
  const cancelled = await runEveryItem(dir, first.session, { workers: 1, signal: controller.signal, onProgress: () => controller.abort() });
  assert.equal(cancelled.cancelled, true);
  assert.equal(first.preflights.length, 1, 'one preflight for a new run');
  assert.equal(first.preflights[0]?.length, 4, 'of every item');
  assert.equal(first.releases, 1, 'one release for a new run');

  const resumed = counted(await reopenTinyRun(readManifest(dir), environment()));
  await continueRun(runPaths(dir), resumed.session, 'missing', { workers: 1 });
  assert.deepEqual(
    resumed.preflights.map((ids) => ids.length),
    [3],
    'one preflight, of the three items left',
  );
  assert.equal(resumed.releases, 1);

  const retried = counted(await reopenTinyRun(readManifest(dir), environment()));
  await continueRun(runPaths(dir), retried.session, 'errors', { workers: 1 });
  assert.deepEqual(retried.preflights, [], 'nothing to redo: no preflight');
  assert.equal(retried.releases, 1, 'released all the same');

  const refusedDir = join(scratchDir('lifecycle-refused'), 'tiny-run');
  const refused = counted(prepareTinyRun('tiny-run', spec, environment()), true);
  await assert.rejects(runEveryItem(refusedDir, refused.session, { workers: 1 }), /the server cannot do this/);
  assert.equal(refused.preflights.length, 1);
  assert.equal(refused.releases, 1, 'a refused run releases its session too');
  assert.equal(existsSync(join(refusedDir, 'run.json')), false, 'nothing written');
});
