// A third benchmark, defined only in test/fixtures/benchmarks/tiny, registers through the registry and goes
// through everything generic: run, resume, summary, export, adjudicate, the review's rows and detail, and
// the statistics report. Nothing outside its folder and this test knows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { RequestPool } from '../../../src/core/model/requestPool';
import { registerBenchmark } from '../../../src/core/benchmarks/registry';
import { type SessionEnvironment } from '../../../src/core/contract/benchmark';
import { continueRun, runEveryItem } from '../../../src/core/runs/executeRun';
import { readCurrentResults, readManifest, runPaths } from '../../../src/core/runs/runFolder';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { buildValidationReport } from '../../../src/core/reports/report';
import { startTestServer } from '../../server';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { TINY } from '../../fixtures/benchmarks/tiny';
import { JUDGE_MARK, TINY_ITEMS, scriptedJudgeReply } from '../../fixtures/benchmarks/tiny/items';
import { prepareTinyRun, reopenTinyRun } from '../../fixtures/benchmarks/tiny/session';
import { readRunResults } from '../../../src/core/benchmarks/runRegistry';

registerBenchmark(TINY);

/** The model knows three riddles; the fourth it gets wrong. */
const MODEL_ANSWERS: Readonly<Record<string, string>> = {
  'What has keys but opens no locks?': 'A piano.',
  'What runs but never walks?': 'A river!',
  'What has a neck but no head?': 'a bottle',
  'What falls but never breaks?': 'rain',
};

function environment(): SessionEnvironment {
  return {
    sources: { dataDir: undefined, cacheDir: scratchDir('tiny-cache') },
    keys: { model: 'k', judge: 'k' },
    concurrency: 1,
    useCache: false,
    pool: new RequestPool({ maxConcurrency: 1 }),
    cache: undefined,
  };
}

test('a benchmark defined in a test folder runs, resumes, summarizes, exports, adjudicates, reviews and reports through the registry', async () => {
  const server = await startTestServer({
    script: (req) => ({
      content: req.userText.startsWith(JUDGE_MARK) ? scriptedJudgeReply(req.userText) : (MODEL_ANSWERS[req.userText] ?? 'no idea'),
    }),
  });
  try {
    const spec = {
      endpoint: { provider: 'openai-compatible' as const, baseUrl: server.url },
      name: 'tiny-model',
      apiKeyEnv: null,
      systemPrompt: null,
      params: { temperature: 0, topP: null, maxTokens: 16 },
    };
    const dir = join(scratchDir('tiny-runs'), 'tiny-run');

    // Run, cancelled after the first item; then resumed with the session its `run tiny --resume` reopens.
    const controller = new AbortController();
    const first = await runEveryItem(dir, prepareTinyRun('tiny-run', spec, environment()), {
      workers: 1,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    assert.equal(first.cancelled, true);
    assert.equal(readRunResults(dir).byItem.size, 1);
    const reopened = await reopenTinyRun(readManifest(dir), environment());
    const resumed = await continueRun(runPaths(dir), reopened, 'missing', { workers: 1 });
    assert.equal(resumed.manifest.status, 'finished');
    assert.deepEqual(resumed.manifest.counts, { items: 4, done: 4, error: 0, missing: 0 });
    assert.equal(readRunResults(dir).lines, 4, 'each item ran once');

    // The CLI's `run tiny` (in this process) makes a run of its own and resumes it.
    const cliRun = await runCli([
      'run',
      'tiny',
      '--model',
      'tiny-model',
      '--base-url',
      server.url,
      '--out',
      scratchDir('tiny-cli'),
      '--concurrency',
      '1',
    ]);
    assert.equal(cliRun.code, 0, cliRun.stderr);
    assert.equal(readManifest(cliRun.lastLine).counts.done, 4);
    const cliResume = await runCli(['run', 'tiny', '--resume', cliRun.lastLine]);
    assert.equal(cliResume.code, 0, cliResume.stderr);
    assert.equal(readCurrentResults(cliRun.lastLine).lines, 4, 'nothing left to run');

    // Summary (the CLI, in this process): three riddles right, the fourth wrong.
    const summary = await runCli(['summary', dir, '--json']);
    assert.equal(summary.code, 0, summary.stderr);
    const parsed = JSON.parse(summary.stdout) as {
      benchmark: string;
      automatic: { accuracy: number; counts: { true: number; false: number } };
    };
    assert.equal(parsed.benchmark, 'tiny');
    assert.deepEqual([parsed.automatic.counts.true, parsed.automatic.counts.false], [3, 1]);

    // Export: the benchmark's own column.
    const exported = await runCli(['export', dir, '--format', 'csv']);
    assert.equal(exported.code, 0, exported.stderr);
    const rows = parse(exported.stdout, { columns: true, bom: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => [r['itemId'], r['riddleAnswer'], r['verdict']]),
      TINY_ITEMS.map((i) => [i.id, i.answer, i.id === 'r4' ? 'false' : 'true']),
    );

    // Adjudicate the fourth riddle, then the adjudicated export and summary take it.
    const adjudicated = await runCli([
      'adjudicate',
      dir,
      '--item',
      'r4',
      '--verdict',
      'true',
      '--note',
      'rain falls and never breaks',
      '--annotator',
      'Aiko',
    ]);
    assert.equal(adjudicated.code, 0, adjudicated.stderr);
    const humanRows = parse((await runCli(['export', dir, '--format', 'csv', '--adjudicated'])).stdout, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    assert.equal(humanRows.find((r) => r['itemId'] === 'r4')?.['humanVerdict'], 'true');
    const after = JSON.parse((await runCli(['summary', dir, '--json'])).stdout) as { adjudicated: { accuracy: number } };
    assert.equal(after.adjudicated.accuracy, 1);

    // The review session's rows and detail: the facet, the label, the generic detail with its fields.
    const { session } = ReviewSession.open(dir, 'Aiko');
    const row = session.row('r1');
    assert.equal(row?.label, 'What has keys but opens no locks?');
    assert.deepEqual(row?.facets, { topic: 'objects', model: 'tiny-model' });
    assert.equal(session.row('r4')?.mine, 'true');
    const detail = session.detail('r4', false);
    assert.equal(detail.kind, 'texts');
    assert.deepEqual(detail.kind === 'texts' ? detail.fields : [], [
      { label: 'riddle', text: 'What falls but never breaks?' },
      { label: 'answer', text: 'night' },
    ]);
    assert.deepEqual(session.search('river'), ['r2']);

    // The statistics report: agreement by the benchmark's facet.
    const report = buildValidationReport(dir);
    assert.deepEqual(Object.keys(report.agreement.judgeHumanByFacet), ['topic']);
    assert.equal(report.agreement.judgeHuman.items, 1);
    const reportCli = await runCli(['report', dir, '--format', 'md']);
    assert.equal(reportCli.code, 0, reportCli.stderr);
    assert.match(reportCli.stdout, /the scripted judge|tiny/);
  } finally {
    await server.close();
  }
});
