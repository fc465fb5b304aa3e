import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// VS Code's extension host logs "PendingMigrationError: navigator is now a global" on every read of the
// global `navigator` (zod and openai probe it). The build defines it away in the node bundles
// (scripts/build.mjs); `npm test` builds first, so these are the bundles that ship.
for (const bundle of ['dist/extension.js', 'dist/cli.js']) {
  test(`${bundle} never reads the global navigator`, () => {
    const lines = readFileSync(bundle, 'utf8').split('\n');
    const reads = lines
      .map((text, index) => ({ line: index + 1, text: text.trim() }))
      .filter(({ text }) => /\bnavigator\b/.test(text) && !text.startsWith('//'));
    assert.deepEqual(reads, [], `${bundle} reads navigator at ${reads.map((r) => `line ${r.line}: ${r.text}`).join('; ')}`);
  });
}
