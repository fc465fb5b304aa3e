// Issue 36, item 11: an import of one item says "Imported 1 item", not "1 items".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { importedMessage } from '../../../src/extension/commands/importedMessage';

test('the import message counts items in the right number', () => {
  assert.equal(importedMessage({ imported: 1, missing: [] }), 'Imported 1 item.');
  assert.equal(
    importedMessage({ imported: 40, missing: ['a', 'b'], notes: ['the log is still being written'] }),
    'Imported 40 items (2 missing from the file). the log is still being written',
  );
});
