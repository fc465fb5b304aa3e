import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendAdjudications } from '../../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { FIRST_SCREEN_ROWS, type OpeningOptions, openingMessages } from '../../../src/core/review/openingMessages';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { InputError } from '../../../src/core/util/errors';
import { HostMessageSchema, type ItemRow } from '../../../src/core/protocol/review';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';

const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

async function imported(): Promise<string> {
  const dir = join(scratchDir('init-sequence'), 'run');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

const OPTIONS = { role: 'annotator', categories: [], blind: false, canUndo: false } satisfies Omit<OpeningOptions, 'selectedItemId'>;

test('the first message carries a screen of rows around the selected item; the chunks bring every other row, in order', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const { session } = ReviewSession.open(await imported(), 'Aiko', { searchInRows: false });
  const all = session.rows();
  for (const selected of [null, '3', '500', '809']) {
    const sequence = openingMessages(session, { ...OPTIONS, selectedItemId: selected, chunkRows: 100 });
    const { init } = sequence;
    assert.equal(HostMessageSchema.safeParse(init).success, true);
    assert.ok(init.rows.length <= FIRST_SCREEN_ROWS, `the first message holds ${init.rows.length} rows, a screen is ${FIRST_SCREEN_ROWS}`);
    assert.ok(JSON.stringify(init).length < 40_000, 'the first message stays small whatever the run’s size');
    assert.equal(init.rowsToCome, 810 - init.rows.length);
    if (selected !== null)
      assert.ok(
        init.rows.some((r) => r.id === selected),
        `the selected item ${selected} is in the first screen`,
      );
    assert.equal(init.selectedItemId, selected);
    assert.equal(sequence.detail?.id, selected ?? '0', 'the item shown first goes with the first message');
    const chunks = [...sequence.chunks()];
    for (const chunk of chunks) assert.equal(HostMessageSchema.safeParse(chunk).success, true);
    assert.deepEqual(
      chunks.map((c) => c.done),
      chunks.map((_, i) => i === chunks.length - 1),
      'only the last chunk is done',
    );
    const chunkRows = chunks.flatMap((c) => c.rows);
    assert.equal(chunkRows.length, init.rowsToCome);
    const indexes = chunkRows.map((r) => r.index);
    assert.deepEqual(
      indexes,
      [...indexes].sort((a, b) => a - b),
      'chunks come in dataset order',
    );
    const merged = [...init.rows, ...chunkRows].sort((a, b) => a.index - b.index);
    assert.deepEqual(merged, all, 'the first screen and the chunks are every row once, as rows() has them');
  }
});

test('a run of at most one chunk of rows goes whole in the init, without chunks', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const { session } = ReviewSession.open(await imported(), 'Aiko', { searchInRows: false });
  const sequence = openingMessages(session, { ...OPTIONS, selectedItemId: '500' });
  assert.equal(sequence.init.rows.length, 810);
  assert.equal(sequence.init.rowsToCome, 0);
  assert.equal(sequence.detail, null, 'the webview asks for its item');
  assert.deepEqual([...sequence.chunks()], []);
});

test('rows without search text; the host answers searches over the items’ texts and notes', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const dir = await imported();
  const { session } = ReviewSession.open(dir, 'Aiko', { searchInRows: false });
  const rows = session.rows();
  assert.ok(
    rows.every((r: ItemRow) => r.search === undefined),
    'no row carries its search text',
  );
  // The host's answers match what the webview computes from rows that carry their text.
  const withText = ReviewSession.open(dir, 'Aiko').session.rows();
  const folded = (row: ItemRow): string => (row.search ?? '').normalize('NFKC').toLowerCase();
  for (const query of ['空家', '河童 川', 'カッパ']) {
    const found = session.search(query);
    assert.ok(found.length > 0, `"${query}" finds something`);
    const words = query.split(' ').map((w) => w.normalize('NFKC').toLowerCase());
    const hiragana = (w: string): string => w.replace(/[\u30A1-\u30F6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
    const expected = withText.filter((r) => words.every((w) => hiragana(folded(r)).includes(hiragana(w)))).map((r) => r.id);
    assert.deepEqual(found, expected, `"${query}"`);
  }
  assert.deepEqual(session.search('  '), []);
  const byNumber = session.search('808');
  assert.ok(byNumber.includes('808'), 'an item’s id or position is found');
  assert.deepEqual(
    byNumber.filter((id) => id !== '808' && !(withText[Number(id)]?.search ?? '').includes('808')),
    [],
    'the others hold 808 in their texts',
  );
  const line = session.currentLine('7');
  assert.ok(line !== undefined);
  await appendAdjudications(join(dir, 'adjudications.jsonl'), [
    newAdjudicationEvent({
      itemId: '7',
      annotator: 'Ben',
      role: 'annotator',
      state: { verdict: true, hallucination: null, note: 'Zashiki-warashi confusion' },
      current: line,
    }),
  ]);
  assert.deepEqual(session.search('zashiki'), [], 'not read yet');
  session.readTail();
  assert.deepEqual(session.search('zashiki warashi'), ['7'], 'a note is searched as soon as it is read');
});

test('an item’s line is parsed in full only when it is shown', async (t) => {
  if (!requireSharedFile(t, gpt4o)) return;
  const dir = await imported();
  // Break a field the list does not use (latencyMs) in item 5's line: opening, rows and the header still work.
  const path = join(dir, 'results.jsonl');
  const lines = readFileSync(path, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith('{') && JSON.parse(l).itemId === '5');
  lines[at] = JSON.stringify({ ...JSON.parse(lines[at] ?? '{}'), latencyMs: 'slow' });
  writeFileSync(path, lines.join('\n'));
  const { session } = ReviewSession.open(dir, 'Aiko', { searchInRows: false });
  assert.equal(session.rows().length, 810);
  assert.equal(session.header().items, 810);
  assert.equal(session.detail('4', false).id, '4');
  assert.throws(
    () => session.detail('5', false),
    (error: unknown) =>
      error instanceof InputError && error.message.includes(`line ${at + 1}`) && error.message.includes('field "latencyMs"'),
    'the full check runs when the item is shown, naming the line and field',
  );
});
