// Property: a run killed with SIGKILL at many seeded moments and resumed each time ends with exactly one
// result per item, and the same scores as a run never interrupted (the scripted model and judge are
// deterministic; the response cache is off, so every answer really comes from the server again).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mulberry32, startTestServer } from '../../server';
import { readManifest } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate, resultLines } from './yokaiRun';
import { readRunResults } from '../../../src/core/benchmarks/runRegistry';

const projectRoot = resolve(__dirname, '../../..');
const SEED = 20261129;
const ITEMS = 120;
const KILLS = 10;

function linesIn(path: string): number {
  if (!existsSync(path)) return 0;
  const bytes = readFileSync(path);
  let n = 0;
  for (const byte of bytes) if (byte === 0x0a) n += 1;
  return n;
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

test(
  `SIGKILL at ${KILLS} seeded moments, resumed each time: one result per item, the scores of an uninterrupted run`,
  { timeout: 180_000 },
  async (t) => {
    if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
    const server = await startTestServer({ latencyMs: 20, judgeTemplate: judgeTemplate() });
    t.after(() => server.close());
    const out = scratchDir('kill-property');
    const runDir = join(out, 'killed');
    const results = join(runDir, 'results.jsonl');
    const common = ['--data', sharedDataDir, '--no-cache'];
    const start = [
      'run',
      'yokaieval',
      '--model',
      'test-model',
      '--base-url',
      server.url,
      '--limit',
      String(ITEMS),
      '--concurrency',
      '8',
      '--out',
      out,
      ...common,
    ];
    const random = mulberry32(SEED);

    let kills = 0;
    for (let round = 0; round < KILLS; round++) {
      const args = round === 0 ? [...start, '--name', 'killed'] : ['run', 'yokaieval', '--resume', runDir, ...common];
      const before = linesIn(results);
      // Seeded: how many new lines to wait for (0: kill during start-up), then a delay of a few ms, so the
      // kill lands anywhere, in the middle of a write included.
      const newLines = Math.floor(random() * 14);
      const extraMs = Math.floor(random() * 12);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: projectRoot,
        env: { PATH: process.env['PATH'] ?? '' },
        stdio: 'ignore',
      });
      const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
      // A failed assertion must not leave the child running (it would retry against a closed server for minutes).
      t.after(() => void child.kill('SIGKILL'));
      const deadline = Date.now() + 60_000;
      while (linesIn(results) < before + newLines && child.exitCode === null) {
        assert.ok(Date.now() < deadline, `round ${round}: no progress in 60 s`);
        await pause(2);
      }
      if (extraMs > 0) await pause(extraMs);
      const killed = child.kill('SIGKILL');
      const code = await exited;
      if (killed && code === null) kills += 1;

      // After every kill: every complete line parses, the run folder opens, no item has two results.
      if (existsSync(join(runDir, 'run.json'))) {
        const current = readRunResults(runDir);
        assert.equal(current.byItem.size, current.lines, `round ${round}: an item has two results`);
      }
    }
    assert.ok(kills >= KILLS - 1, `only ${kills} of ${KILLS} children were killed before they finished`);
    assert.ok(linesIn(results) < ITEMS, 'the kills left items to resume');

    // And one tear for certain: a kill in the middle of a long write leaves half a line behind.
    const firstLine = readFileSync(results, 'utf8').split('\n')[0] ?? '';
    const tornBytes = firstLine.slice(0, Math.floor(firstLine.length / 2)).replace('"itemId":"0"', '"itemId":"1"');
    appendFileSync(results, tornBytes);

    const resumed = await runCli(['run', 'yokaieval', '--resume', runDir, ...common], { cwd: projectRoot });
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /results\.jsonl ended in a torn line; its bytes were moved to .*results\.jsonl\.torn-/);
    const lines = resultLines(runDir);
    const perItem = new Map<string, number>();
    for (const line of lines) perItem.set(line.itemId, (perItem.get(line.itemId) ?? 0) + 1);
    assert.equal(perItem.size, ITEMS);
    assert.deepEqual(
      [...perItem].filter(([, n]) => n !== 1),
      [],
      'exactly one result per item',
    );
    const manifest = readManifest(runDir);
    assert.deepEqual(manifest.counts, { items: ITEMS, done: ITEMS, error: 0, missing: 0 });
    assert.equal(manifest.status, 'finished');

    const clean = await runCli([...start, '--name', 'uninterrupted'], { cwd: projectRoot });
    assert.equal(clean.code, 0, clean.stderr);
    const expected = new Map(resultLines(clean.lastLine).map((l) => [l.itemId, l]));
    const view = (l: (typeof lines)[number] | undefined): unknown =>
      l && { response: l.response, judgeReply: l.judgeReply, verdict: l.verdict, scores: l.scores, error: l.error, itemHash: l.itemHash };
    for (const line of lines)
      assert.deepEqual(view(line), view(expected.get(line.itemId)), `item ${line.itemId} differs from the uninterrupted run`);

    // A line torn by a kill was moved aside on the next open, never left in results.jsonl.
    const torn = readdirSync(runDir).filter((f) => f.startsWith('results.jsonl.torn-'));
    assert.ok(torn.length >= 1 && torn.length <= kills + 1);
    for (const file of torn) assert.ok(!readFileSync(join(runDir, file), 'utf8').includes('\n'), `${file} holds at most a torn line`);
    assert.ok(
      torn.some((file) => readFileSync(join(runDir, file), 'utf8') === tornBytes),
      'the torn bytes were kept aside',
    );
    process.stderr.write(`kill property: ${kills} kills, ${torn.length} torn lines moved aside (one planted)\n`);
  },
);
