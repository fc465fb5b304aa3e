// Each promise of docs/guarantees.md names the test that checks it: every bullet links to at least one test
// file of the repository (docLinks.test.ts checks that the links resolve), and the promises issue 36 asked for
// are there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linksOf, readDocument } from './docFiles';

const GUARANTEES = 'docs/guarantees.md';

/** The top-level bullets of the document, each with its continuation lines. */
function promises(): string[] {
  const bullets: string[] = [];
  for (const line of readDocument(GUARANTEES).split('\n')) {
    if (line.startsWith('- ')) bullets.push(line);
    else if (line.startsWith('  ') && bullets.length > 0) bullets[bullets.length - 1] += `\n${line}`;
  }
  return bullets;
}

test('every promise in docs/guarantees.md links to the test file that checks it', () => {
  const all = promises();
  assert.ok(all.length >= 15, `only ${all.length} promises read`);
  const unproved = all.filter((p) => !linksOf(p).some((href) => /^\.\.\/(test|e2e)\/.+\.(test|e2e)\.ts$/.test(href)));
  assert.deepEqual(
    unproved.map((p) => p.slice(0, 100)),
    [],
  );
});

test('the guarantees include the CSV and Markdown escaping, the atomic writes and what a torn line triggers', () => {
  const text = promises().join('\n');
  for (const proof of [
    'csvInjection.test.ts',
    'markdownReport.test.ts',
    'fullDisk.test.ts',
    'importAtomic.test.ts',
    'tornLineWarnings.test.ts',
  ]) {
    assert.ok(text.includes(`${proof}\`](`), `no promise proved by ${proof}`);
  }
  assert.match(text, /A torn last line \(a write cut short\) triggers/);
  assert.match(text, /Atomic writes/);
});
