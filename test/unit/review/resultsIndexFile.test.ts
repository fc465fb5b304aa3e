import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  appendFileSync,
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { lineBasisDigest } from '../../../src/core/runs/decisionBasis';
import { ResultsIndex } from '../../../src/core/runs/resultsIndex';
import { type IndexFileOptions, resultsIndexPathOf } from '../../../src/core/runs/resultsIndexFile';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { UserError } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';

const HASH = 'b'.repeat(64);

/** A complete result line, padded so that a file of a few hundred lines is well over the fingerprinted 2 × 64 KiB. */
function line(itemId: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    itemId,
    itemHash: HASH,
    time: '2026-01-01T00:00:00.000Z',
    inputs: { question: `雪女はどこに現れるか（${itemId}）`, choices: ['山', '川'], answer: '山', notes: 'x'.repeat(600) },
    prompt: { messages: [{ role: 'user', content: `問題 ${itemId}` }] },
    response: `山 ${itemId}`,
    judgeReply: 'true',
    verdict: true,
    scores: {},
    usage: { promptTokens: 1, completionTokens: 1 },
    latencyMs: 5,
    error: null,
    ...overrides,
  });
}

/** The question as the digest: a string column of the file, and a JSON tag checked on the way back. */
function fileOptions(key = 'question 1'): IndexFileOptions<string> {
  return {
    key,
    encode: (summaries, sections) => {
      sections.strings('question', summaries);
      return { tag: 'questions' };
    },
    decode: (json, sections, count) => {
      const questions = sections.strings('question', count);
      return questions !== undefined && z.object({ tag: z.literal('questions') }).safeParse(json).success
        ? { at: (row) => questions.get(row) }
        : undefined;
    },
  };
}

const StoredHeadSchema = z.looseObject({
  count: z.number(),
  results: z.object({ lines: z.number() }),
  sections: z.record(z.string(), z.object({ at: z.number(), bytes: z.number() })),
});

/** The JSON line of results.index (the binary sections come after it). */
function storedJson(indexPath: string): z.output<typeof StoredHeadSchema> & { raw: string; bodyStart: number } {
  const bytes = readFileSync(indexPath);
  const raw = bytes.toString('utf8', 0, bytes.indexOf(0x0a));
  return { ...StoredHeadSchema.parse(JSON.parse(raw)), raw, bodyStart: bytes.indexOf(0x0a) + 1 };
}

function read(path: string, key?: string): ResultsIndex<string> {
  return ResultsIndex.read(path, { describe: (l) => String(l.inputs['question']), file: fileOptions(key) });
}

function runOf(count: number): { path: string; indexPath: string } {
  const path = join(scratchDir('results-index-file'), 'results.jsonl');
  writeFileSync(path, Array.from({ length: count }, (_, i) => `${line(String(i))}\n`).join(''));
  // Whole seconds, so that putting the mtime back (utimes) restores it exactly.
  utimesSync(path, 1_700_000_000, 1_700_000_000);
  return { path, indexPath: resultsIndexPathOf(path) };
}

/** Overwrites bytes in place and puts the file's mtime back, as if nothing had changed. */
function patchInPlace(path: string, from: string, to: string, keepMtime: boolean): void {
  assert.equal(Buffer.byteLength(from), Buffer.byteLength(to));
  const before = statSync(path);
  const offset = readFileSync(path).indexOf(from);
  assert.ok(offset > 0);
  const fd = openSync(path, 'r+');
  writeSync(fd, Buffer.from(to), 0, Buffer.byteLength(to), offset);
  closeSync(fd);
  if (keepMtime) utimesSync(path, before.atime, before.mtime);
}

function summary(index: ResultsIndex<string>): string[] {
  return [...index.values()].map((e) => `${e.itemId}@${e.line}:${e.offset}+${e.length}:${String(e.verdict)}:${e.summary}`);
}

test('results index file: written beside results.jsonl on the first read, the next read starts from it and gives the same index', () => {
  const { path, indexPath } = runOf(300);
  const first = read(path);
  assert.ok(existsSync(indexPath), 'results.index is written');
  const stored = storedJson(indexPath);
  assert.equal(stored.count, 300);
  assert.equal(stored.bodyStart % 8, 0, 'the binary sections start 8-byte aligned');
  assert.equal(stored.sections['offset']?.bytes, 300 * 8);
  const second = read(path);
  assert.deepEqual(summary(second), summary(first));
  assert.equal(second.lines, first.lines);
  assert.equal(
    second.get('150')?.basisDigest,
    first.get('150')?.basisDigest,
    'the basis digest read from the file is the one computed from the line',
  );
  assert.equal(second.get('150')?.basisDigest, lineBasisDigest({ itemHash: HASH, response: '山 150', judgeReply: 'true' }));
  assert.equal(second.readLine('7')?.response, '山 7');

  // Proof that the second read used the file: a byte changed in the middle (same size, mtime put back,
  // far from the hashed ends) is not seen until the index is rebuilt.
  patchInPlace(
    path,
    '"verdict":true,"scores":{},"usage":{"promptTokens":1,"completionTokens":1},"latencyMs":5,"error":null}\n{"itemId":"151"',
    '"verdict":null,"scores":{},"usage":{"promptTokens":1,"completionTokens":1},"latencyMs":5,"error":null}\n{"itemId":"151"',
    true,
  );
  assert.equal(read(path).get('150')?.verdict, true, 'the stored index is used while size, mtime and both ends match');
});

test('results index file: its JSON line is ASCII (non-ASCII errors written as escapes), and errors and UTF-8 digests read back the same', () => {
  const path = join(scratchDir('results-index-ascii'), 'results.jsonl');
  const lines = Array.from({ length: 300 }, (_, i) =>
    line(String(i), i === 5 ? { verdict: null, error: { stage: 'model', kind: 'http', message: '接続できません 🙅 (503)' } } : {}),
  );
  writeFileSync(path, lines.map((l) => `${l}\n`).join(''));
  const first = read(path);
  const bytes = readFileSync(resultsIndexPathOf(path));
  const head = bytes.subarray(0, bytes.indexOf(0x0a));
  assert.ok(
    head.every((byte) => byte < 0x80),
    'the JSON line has only ASCII bytes',
  );
  assert.ok(head.includes('\\u63a5'), '接 is written as an escape');
  const second = read(path);
  assert.deepEqual(summary(second), summary(first));
  assert.equal(second.get('0')?.summary, '雪女はどこに現れるか（0）');
  assert.deepEqual(second.get('5')?.error, { stage: 'model', kind: 'http', message: '接続できません 🙅 (503)' });
});

test('results index file: a results.jsonl edited in place (same size, another mtime) is read again', () => {
  const { path } = runOf(300);
  assert.equal(read(path).get('150')?.verdict, true);
  const target = '"verdict":true,"scores":{},"usage":{"promptTokens":1,"completionTokens":1},"latencyMs":5,"error":null}\n{"itemId":"151"';
  patchInPlace(path, target, target.replace('"verdict":true', '"verdict":null'), false);
  utimesSync(path, new Date(), new Date(Date.now() + 5000));
  const again = read(path);
  assert.equal(again.get('150')?.verdict, null, 'the edit is seen: the index was rebuilt');
  assert.equal(read(path).get('150')?.verdict, null, 'and the rebuilt file holds it');
});

test('results index file: lines appended after it (a retry superseding an earlier line) are read on top of it, and the file is brought up to date', () => {
  const { path, indexPath } = runOf(300);
  read(path);
  appendFileSync(path, `${line('20', { verdict: false, judgeReply: 'false', response: '川' })}\n${line('300')}\n`);
  const extended = read(path);
  assert.equal(extended.size, 301);
  assert.equal(extended.lines, 302);
  assert.equal(extended.get('20')?.verdict, false, 'the retry appended later wins');
  assert.equal(extended.get('20')?.line, 301);
  assert.equal(
    extended.get('20')?.basisDigest,
    lineBasisDigest({ itemHash: HASH, response: '川', judgeReply: 'false' }),
    "the retry's basis",
  );
  assert.equal(extended.readLine('20')?.judgeReply, 'false');
  const stored = storedJson(indexPath);
  assert.equal(stored.results.lines, 302, 'the file was rewritten to cover the appended lines');
  assert.deepEqual(summary(read(path)), summary(extended));
});

test('results index file: a torn last line stays unread until its newline comes, with or without the file', () => {
  const { path } = runOf(300);
  const torn = line('300', { verdict: false });
  appendFileSync(path, torn.slice(0, 50));
  const first = read(path);
  assert.equal(first.tornTail, true);
  assert.equal(first.get('300'), undefined);
  const second = read(path);
  assert.equal(second.tornTail, true, 'from the file: the torn bytes are still after the last newline');
  assert.equal(second.size, 300);
  appendFileSync(path, `${torn.slice(50)}\n`);
  const completed = read(path);
  assert.equal(completed.tornTail, false);
  assert.equal(completed.get('300')?.verdict, false);
  assert.equal(completed.get('300')?.line, 301);
});

test('results index file: a file of another key, another shape or garbage, or a results.jsonl replaced by another, is not used', () => {
  const { path, indexPath } = runOf(300);
  read(path, 'question 1');
  const other = ResultsIndex.read(path, { describe: (l) => `other ${l.itemId}`, file: fileOptions('question 2') });
  assert.equal(other.get('3')?.summary, 'other 3', 'another key: rebuilt with the new digest');
  writeFileSync(indexPath, '{"format": "eval-adjudicator results index", "version": 1');
  assert.equal(read(path).get('3')?.summary, '雪女はどこに現れるか（3）', 'a cut file: rebuilt, no error');
  const stored = storedJson(indexPath);
  const bytes = readFileSync(indexPath);
  writeFileSync(
    indexPath,
    Buffer.concat([Buffer.from(stored.raw.replace(`"count":300`, `"count":301`)), bytes.subarray(stored.raw.length)]),
  );
  assert.equal(read(path).size, 300, 'a count its sections do not hold: rebuilt');
  writeFileSync(indexPath, bytes.subarray(0, bytes.length - 64));
  assert.equal(read(path).size, 300, 'a file cut short: rebuilt');
  writeFileSync(path, Array.from({ length: 200 }, (_, i) => `${line(`n${i}`)}\n`).join(''));
  const replaced = read(path);
  assert.equal(replaced.size, 200);
  assert.equal(replaced.get('3'), undefined, 'a shorter, different results.jsonl: the stored index is not used');
  writeFileSync(path, Array.from({ length: 400 }, (_, i) => `${line(`m${i}`)}\n`).join(''));
  assert.equal(read(path).get('m399')?.line, 400, 'a longer, different results.jsonl: its start does not match, so it is read whole');
});

test('results index file: a line found not to be its item (results.jsonl rewritten behind it) throws and removes the file, so a reopen rebuilds', () => {
  const { path, indexPath } = runOf(300);
  read(path);
  const stored = read(path);
  // The same bytes, lines swapped in the middle: size, mtime and both ends unchanged.
  const text = readFileSync(path, 'utf8');
  const [a, b] = [line('150'), line('151')];
  const before = statSync(path);
  writeFileSync(path, text.replace(`${a}\n${b}\n`, `${b}\n${a}\n`));
  utimesSync(path, before.atime, before.mtime);
  assert.throws(
    () => stored.readLine('150'),
    (error: unknown) => error instanceof UserError && error.message.includes('changed under the index'),
  );
  assert.equal(existsSync(indexPath), false, 'the stale file is gone');
  assert.equal(read(path).get('150')?.line, 152, 'the reopen reads results.jsonl again');
});

test('results index file: a review session gives the same header and rows whether it reads the file or results.jsonl', () => {
  const run = writeSyntheticRun(join(scratchDir('results-index-file'), 'run'), 120);
  const events = [
    eventOn(run, { itemId: '3', annotator: 'ann', minute: 1, verdict: false }),
    eventOn(run, { itemId: '4', annotator: 'bob', minute: 2, verdict: true, stale: true }),
    eventOn(run, { itemId: '5', annotator: 'ann', minute: 3, flag: 'invented-entity', note: 'n' }),
  ];
  writeFileSync(run.adjudications, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  const fresh = ReviewSession.open(run.dir, 'ann', { searchInRows: false }).session;
  assert.ok(existsSync(join(run.dir, 'results.index')));
  const stored = ReviewSession.open(run.dir, 'ann', { searchInRows: false }).session;
  assert.deepEqual(stored.header(), fresh.header());
  assert.deepEqual(stored.rows(), fresh.rows());
  for (const id of ['3', '4', '5']) assert.deepEqual(stored.adjudication(id), fresh.adjudication(id), 'stale checks read the same basis');
  assert.equal(stored.adjudication('4')?.stale, true);
});

test('results index file: an item the run no longer lists is not taken from the file: results.jsonl is read, naming the line at fault', () => {
  const run = writeSyntheticRun(join(scratchDir('results-index-file'), 'run'), 40);
  ReviewSession.open(run.dir, 'ann', { searchInRows: false });
  assert.ok(existsSync(join(run.dir, 'results.index')));
  // run.json without item "7" (results.jsonl's line 8): the stored index still has it.
  const manifest = JSON.parse(readFileSync(join(run.dir, 'run.json'), 'utf8')) as { dataset: { itemIds: string[]; datasetItems: number } };
  manifest.dataset.itemIds = manifest.dataset.itemIds.filter((id) => id !== '7');
  manifest.dataset.datasetItems -= 1;
  writeFileSync(join(run.dir, 'run.json'), JSON.stringify(manifest));
  assert.throws(
    () => ReviewSession.open(run.dir, 'ann', { searchInRows: false }),
    (error: unknown) =>
      error instanceof UserError && /results\.jsonl line 8, field "itemId": "7" is not an item of this run/.test(error.message),
  );
});

/** The question as a lazy string column: each digest decodes its question when asked for. */
function lazyOptions(key: string): IndexFileOptions<{ readonly question: string }> {
  return {
    key,
    encode: (summaries, sections) => {
      sections.strings(
        'question',
        summaries.map((s) => s.question),
        { lazy: true },
      );
      return {};
    },
    decode: (_json, sections, count) => {
      const questions = sections.strings('question', count);
      if (questions === undefined) return undefined;
      return {
        at: (row) => ({
          get question() {
            return questions.get(row);
          },
        }),
      };
    },
  };
}

const openFds = (): number => readdirSync('/proc/self/fd').length;

test(
  'results index file: a lazy column is read from the file as it was opened, even once another window has replaced it, and the file is closed once the column is read whole',
  { skip: !existsSync('/proc/self/fd') },
  () => {
    const { path } = runOf(300);
    const readLazy = (key: string, prefix = ''): ResultsIndex<{ readonly question: string }> =>
      ResultsIndex.read(path, { describe: (l) => ({ question: `${prefix}${String(l.inputs['question'])}` }), file: lazyOptions(key) });
    readLazy('lazy 1');
    const before = openFds();
    const stored = readLazy('lazy 1');
    assert.equal(openFds(), before + 1, 'results.index stays open for its lazy column');
    readLazy('lazy 2', 'rebuilt: ');
    assert.equal(
      readLazy('lazy 2').get('3')?.summary.question,
      'rebuilt: 雪女はどこに現れるか（3）',
      'another window rebuilt the file (written beside, renamed over)',
    );
    assert.equal(stored.get('3')?.summary.question, '雪女はどこに現れるか（3）', 'a string read alone comes from the file as opened');
    const open = openFds();
    const all = [...stored.values()].map((e) => e.summary.question);
    assert.deepEqual(
      all,
      Array.from({ length: 300 }, (_, i) => `雪女はどこに現れるか（${i}）`),
      'read alone a few at a time, then the whole text at once',
    );
    assert.equal(openFds(), open - 1, 'closed once read whole');
  },
);
