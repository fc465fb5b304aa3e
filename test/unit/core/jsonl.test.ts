import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { JsonlAppender } from '../../../src/core/util/jsonlAppender';
import { readJsonl } from '../../../src/core/util/jsonlReader';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'ea-jsonl-'));

test('a torn last line is moved to <file>.torn-<time> and the file truncated to its last newline', async () => {
  const dir = scratch();
  const path = join(dir, 'results.jsonl');
  writeFileSync(path, '{"a":1}\n{"a":2}\n{"a":');
  const { appender, tornLineMovedTo } = JsonlAppender.open(path);
  assert.ok(tornLineMovedTo !== undefined && tornLineMovedTo.startsWith(`${path}.torn-`));
  assert.equal(readFileSync(tornLineMovedTo, 'utf8'), '{"a":');
  appender.append({ a: 3 });
  await appender.close();
  assert.equal(readFileSync(path, 'utf8'), '{"a":1}\n{"a":2}\n{"a":3}\n');
  assert.equal(readdirSync(dir).length, 2);
});

test('a file whose only line is torn is emptied, and an intact file is left alone', () => {
  const dir = scratch();
  const torn = join(dir, 'a.jsonl');
  writeFileSync(torn, '{"x"');
  assert.ok(JsonlAppender.open(torn).tornLineMovedTo !== undefined);
  assert.equal(readFileSync(torn, 'utf8'), '');
  const intact = join(dir, 'b.jsonl');
  writeFileSync(intact, '{"x":1}\n');
  assert.equal(JsonlAppender.open(intact).tornLineMovedTo, undefined);
  assert.equal(readFileSync(intact, 'utf8'), '{"x":1}\n');
});

test('durable() resolves after the lines appended so far are fsynced, shared by a burst', async () => {
  const path = join(scratch(), 'events.jsonl');
  const { appender } = JsonlAppender.open(path);
  const waits = [];
  for (let i = 0; i < 50; i++) {
    appender.append({ i });
    waits.push(appender.durable());
  }
  await Promise.all(waits);
  assert.equal(readFileSync(path, 'utf8').split('\n').length, 51);
  await appender.close();
  assert.throws(() => appender.append({}), /after close/);
});

test('the reader names file, line and field; a torn tail is reported, not parsed', () => {
  const path = join(scratch(), 'r.jsonl');
  const schema = z.object({ verdict: z.boolean() });
  writeFileSync(path, '{"verdict":true}\n\n{"verdict":"yes"}\n');
  assert.throws(() => readJsonl(path, schema), /r\.jsonl, line 3, field "verdict"/);
  writeFileSync(path, '{"verdict":true}\nnot json\n');
  assert.throws(() => readJsonl(path, schema), /r\.jsonl, line 2: not valid JSON/);
  writeFileSync(path, '{"verdict":true}\n{"verd');
  const contents = readJsonl(path, schema);
  assert.equal(contents.records.length, 1);
  assert.equal(contents.tornTail, true);
});
