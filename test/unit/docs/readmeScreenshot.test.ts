// Issue 38: the README shows the review. Its first image is docs/images/review.png (made by the YokaiEval e2e spec
// with SCREENSHOT_OUT, see CONTRIBUTING.md), with alt text that says what it shows, a PNG of 1280x800 (its IHDR
// chunk read) small enough for the Marketplace page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { ROOT, readDocument } from './docFiles';

type Token = ReturnType<MarkdownIt['parse']>[number];

function images(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((t) => [...(t.type === 'image' ? [t] : []), ...images(t.children ?? [])]);
}

test('README.md shows the review near its top: docs/images/review.png with alt text, a 1280x800 PNG under 300 KB', () => {
  const tokens = new MarkdownIt().parse(readDocument('README.md'), {});
  const [first] = images(tokens);
  assert.ok(first !== undefined, 'README.md has no image');
  assert.equal(first.attrGet('src'), 'docs/images/review.png');
  const alt = first.content;
  assert.ok(alt.length >= 40 && /review/i.test(alt) && /verdict/i.test(alt), `alt text says too little: "${alt}"`);
  const firstSection = tokens.findIndex((t, i) => i > 0 && t.type === 'heading_open' && t.tag === 'h2');
  const imageAt = tokens.findIndex((t) => images([t]).includes(first));
  assert.ok(imageAt >= 0 && (firstSection < 0 || imageAt < firstSection), 'the screenshot comes before the first section');

  const png = readFileSync(join(ROOT, 'docs', 'images', 'review.png'));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1280, 800]);
  assert.ok(png.length < 300 * 1024, `${png.length} bytes`);
});
