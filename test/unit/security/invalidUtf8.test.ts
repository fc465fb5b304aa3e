// Bytes that are not UTF-8 in a run folder are refused with the file, the line and the byte offset, as
// invalid JSON is (in adjudications.jsonl: the line skipped and reported), never read as U+FFFD; --resume
// of a run whose run.json holds such bytes stops before it rewrites run.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { startTestServer } from '../../server';
import { readCurrentResults } from '../../../src/core/runs/runFolder';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';
import { DATASET_PATH, TEMPLATE_PATH, judgeTemplate } from '../reliability/yokaiRun';

/** The file with one byte of `text` (its first occurrence) replaced by 0xff; returns that byte's offset. */
function spoil(path: string, text: string): number {
  const bytes = readFileSync(path);
  const at = bytes.indexOf(Buffer.from(text, 'utf8'));
  assert.ok(at >= 0, `${text} is in ${path}`);
  bytes[at] = 0xff;
  writeFileSync(path, bytes);
  return at;
}

const lineOf = (path: string, offset: number): number => readFileSync(path).subarray(0, offset).toString('latin1').split('\n').length;

test('results.jsonl and run.json with a byte that is not UTF-8: every reader names the file, line and byte offset', async () => {
  const run = writeSyntheticRun(join(scratchDir('utf8-results'), 'run'), 5);
  const results = join(run.dir, 'results.jsonl');
  const at = spoil(results, 'response 3');
  for (const args of [
    ['summary', run.dir],
    ['export', run.dir, '--format', 'csv'],
    ['report', run.dir, '--format', 'json'],
  ]) {
    const r = await runCli(args);
    assert.equal(r.code, 1, `${args[0] ?? ''}: ${r.stdout}`);
    assert.equal(r.stderr, `eval-adjudicator: ${results}, line ${lineOf(results, at)}: not valid UTF-8 (byte ${at}: 0xff)\n`);
  }
  assert.throws(() => readCurrentResults(run.dir), new RegExp(`results\\.jsonl, line 4: not valid UTF-8 \\(byte ${at}: 0xff\\)`));

  const manifest = join(run.dir, 'run.json');
  writeFileSync(results, '');
  const inManifest = spoil(manifest, 'synthetic');
  const r = await runCli(['summary', run.dir]);
  assert.equal(r.stderr, `eval-adjudicator: ${manifest}, line 1: not valid UTF-8 (byte ${inManifest}: 0xff)\n`);
});

test('a torn last line cut inside a character is a write cut short, not bad input: every reader reads the lines before it', async () => {
  const run = writeSyntheticRun(join(scratchDir('utf8-torn'), 'run'), 5);
  const results = join(run.dir, 'results.jsonl');
  const cut = Buffer.from('{"itemId":"4","response":"妖', 'utf8');
  writeFileSync(results, Buffer.concat([readFileSync(results), cut.subarray(0, cut.length - 1)]));
  assert.equal(readCurrentResults(run.dir).byItem.size, 5);
  for (const args of [
    ['summary', run.dir],
    ['export', run.dir, '--format', 'csv'],
  ])
    assert.equal((await runCli(args)).code, 0, args[0]);
});

test('adjudications.jsonl: a line that is not UTF-8 is skipped and reported with its byte offset, never counted', async () => {
  const run = writeSyntheticRun(join(scratchDir('utf8-adjudications'), 'run'), 5);
  const events = [
    eventOn(run, { itemId: '0', annotator: 'Aiko', minute: 1, verdict: true }),
    eventOn(run, { itemId: '1', annotator: 'Aiko', minute: 2, verdict: false, note: 'note NOTE' }),
  ];
  writeFileSync(run.adjudications, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  const at = spoil(run.adjudications, 'NOTE');
  const r = await runCli(['summary', run.dir, '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`skipped ${run.adjudications} line 2: not valid UTF-8 \\(byte ${at}: 0xff\\)`));
  assert.equal(z.object({ adjudicated: z.object({ reviewed: z.number() }) }).parse(JSON.parse(r.stdout)).adjudicated.reviewed, 1);
});

test('--resume of a run whose run.json holds a byte that is not UTF-8 stops and leaves run.json as it was', async (t) => {
  if (!requireSharedFile(t, DATASET_PATH) || !requireSharedFile(t, TEMPLATE_PATH)) return;
  const server = await startTestServer({ judgeTemplate: judgeTemplate() });
  t.after(() => server.close());
  const out = scratchDir('utf8-resume');
  const common = ['--data', sharedDataDir, '--no-cache'];
  const first = await runCli([
    'run',
    'yokaieval',
    '--model',
    'm',
    '--base-url',
    server.url,
    '--limit',
    '3',
    '--out',
    out,
    '--name',
    'r',
    ...common,
  ]);
  assert.equal(first.code, 0, first.stderr);
  const dir = first.lastLine;
  const results = join(dir, 'results.jsonl');
  writeFileSync(results, `${readFileSync(results, 'utf8').split('\n')[0] ?? ''}\n`);
  const manifest = join(dir, 'run.json');
  const at = spoil(manifest, 'question + ');
  const before = readFileSync(manifest);
  const resumed = await runCli(['run', 'yokaieval', '--resume', dir, ...common]);
  assert.equal(resumed.code, 1);
  assert.match(resumed.stderr, new RegExp(`run\\.json, line ${lineOf(manifest, at)}: not valid UTF-8 \\(byte ${at}: 0xff\\)`));
  assert.deepEqual(readFileSync(manifest), before, 'run.json untouched');
});
