import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, openSync, readSync, closeSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lineBasisDigest } from '../../../src/core/runs/decisionBasis';
import { ResultsIndex } from '../../../src/core/runs/resultsIndex';
import { InputError } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';

const HASH = 'a'.repeat(64);

/** A complete result line (every field results.jsonl lines have), with Japanese text so bytes and characters differ. */
function line(itemId: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    itemId,
    itemHash: HASH,
    time: `2026-01-01T00:00:0${itemId.length}.000Z`,
    inputs: { question: `河童はどこに現れるか（${itemId}）`, choices: ['川', '山', '海', '空'], answer: '川' },
    prompt: { messages: [{ role: 'user', content: `問題 ${itemId}` }] },
    response: '川',
    judgeReply: 'true',
    verdict: true,
    scores: {},
    usage: { promptTokens: 1, completionTokens: 1 },
    latencyMs: 5,
    error: null,
    ...overrides,
  });
}

function indexOf(path: string): ResultsIndex<string> {
  return ResultsIndex.read(path, { describe: (l) => String(l.inputs['question']) });
}

function bytesAt(path: string, offset: number, length: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, offset);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

test('results index: byte offsets of each item’s line, the last line per item wins (retries appended)', () => {
  const path = join(scratchDir('results-index'), 'results.jsonl');
  const lines = [
    line('a'),
    line('b'),
    line('a', { verdict: false, judgeReply: 'false', response: '山' }),
    '',
    line('c', { error: { stage: 'judge', kind: 'server', message: '500' }, verdict: null }),
  ];
  writeFileSync(path, `${lines.join('\n')}\n`);
  const index = indexOf(path);
  assert.equal(index.size, 3);
  assert.equal(index.lines, 4, 'the blank line is not a result');
  assert.equal(index.tornTail, false);
  const a = index.get('a');
  assert.ok(a !== undefined);
  assert.equal(a.line, 3, 'the retry (line 3) is the current result of a');
  assert.equal(a.verdict, false);
  assert.equal(a.basisDigest, lineBasisDigest({ itemHash: HASH, response: '山', judgeReply: 'false' }), "the basis is the retry's");
  assert.notEqual(a.basisDigest, lineBasisDigest({ itemHash: HASH, response: '川', judgeReply: 'true' }));
  assert.equal(bytesAt(path, a.offset, a.length), lines[2], 'the offset and length are in bytes, not characters');
  for (const id of ['b', 'c']) {
    const entry = index.get(id);
    assert.ok(entry !== undefined);
    assert.equal(JSON.parse(bytesAt(path, entry.offset, entry.length)).itemId, id);
  }
  assert.equal(index.get('c')?.error?.kind, 'server');
  assert.equal(index.get('b')?.summary, '河童はどこに現れるか（b）', 'the caller’s digest of the line');
  assert.equal(index.readLine('a')?.response, '山', 'a line read in full by its offset');
  assert.equal(index.readLine('missing'), undefined);
  const seen: string[] = [];
  index.forEachLine((full) => seen.push(`${full.itemId}:${full.response}`));
  assert.deepEqual(seen, ['b:川', 'a:山', 'c:川'], 'the current lines in file order, superseded ones skipped');
});

test('results index: a torn tail is left unread until its newline comes; appended lines are read by refresh', () => {
  const path = join(scratchDir('results-index'), 'results.jsonl');
  const torn = line('b');
  writeFileSync(path, `${line('a')}\n${torn.slice(0, 40)}`);
  const index = indexOf(path);
  assert.deepEqual(
    [...index.values()].map((e) => e.itemId),
    ['a'],
  );
  assert.equal(index.tornTail, true);
  appendFileSync(path, `${torn.slice(40)}\n${line('a', { verdict: false })}\n`);
  const { changed, reset } = index.refresh();
  assert.equal(reset, false);
  assert.deepEqual(changed, ['b', 'a']);
  assert.equal(index.tornTail, false);
  assert.equal(index.get('a')?.verdict, false, 'the retry appended later wins');
  assert.equal(index.get('b')?.line, 2);
  assert.equal(index.readLine('b')?.itemId, 'b');
  assert.deepEqual(index.refresh().changed, [], 'nothing new');
  truncateSync(path, 0);
  writeFileSync(path, `${line('z')}\n`);
  const again = index.refresh();
  assert.equal(again.reset, true, 'a file that shrank is read again from the start');
  assert.deepEqual(
    [...index.values()].map((e) => e.itemId),
    ['z'],
  );
});

test('results index: a line longer than the read buffer is read whole', () => {
  const path = join(scratchDir('results-index'), 'results.jsonl');
  const long = line('long', { response: '川'.repeat(5_000_000) });
  writeFileSync(path, `${line('a')}\n${long}\n${line('b')}\n`);
  const index = indexOf(path);
  assert.deepEqual(
    [...index.values()].map((e) => e.itemId),
    ['a', 'long', 'b'],
  );
  assert.equal(index.readLine('long')?.response?.length, 5_000_000);
  assert.equal(index.get('b')?.line, 3);
});

test('results index: a bad line names the file, line and field; the rest of a line is checked when it is read', () => {
  const dir = scratchDir('results-index');
  const path = join(dir, 'results.jsonl');
  writeFileSync(path, `${line('a')}\n${line('b', { verdict: 'yes' })}\n`);
  assert.throws(
    () => indexOf(path),
    (error: unknown) => error instanceof InputError && error.message.includes('line 2') && error.message.includes('field "verdict"'),
  );
  writeFileSync(path, `${line('a')}\n{not json\n`);
  assert.throws(
    () => indexOf(path),
    (error: unknown) => error instanceof InputError && error.message.includes('line 2') && error.message.includes('not valid JSON'),
  );
  // latencyMs is not one of the index's fields: the index reads the line, the full read names the field.
  writeFileSync(path, `${line('a')}\n${line('b', { latencyMs: 'slow' })}\n`);
  const index = indexOf(path);
  assert.equal(index.size, 2);
  assert.throws(
    () => index.readLine('b'),
    (error: unknown) => error instanceof InputError && error.message.includes('line 2') && error.message.includes('field "latencyMs"'),
  );
});
