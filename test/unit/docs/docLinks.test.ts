// Every relative link of the README and the docs points to a file of the repository, and to a heading of it
// when it names one, as GitHub (and the Marketplace page, for the README) resolve them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ROOT, anchorsOf, documentPaths, linksOf, readDocument } from './docFiles';

test('every relative link in README.md and docs/*.md resolves to a file and an anchor of it', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const path of documentPaths()) {
    for (const href of linksOf(readDocument(path))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      checked++;
      const [file = '', anchor] = href.split('#');
      const target = file === '' ? path : normalize(join(dirname(path), decodeURIComponent(file)));
      if (target.startsWith('..') || !existsSync(join(ROOT, target))) {
        broken.push(`${path}: ${href} (no file ${target})`);
        continue;
      }
      if (
        anchor !== undefined &&
        anchor !== '' &&
        target.endsWith('.md') &&
        !anchorsOf(readDocument(target)).has(decodeURIComponent(anchor))
      ) {
        broken.push(`${path}: ${href} (no heading #${anchor} in ${target})`);
      }
    }
  }
  assert.ok(checked > 50, `only ${checked} relative links found: is the link reader working?`);
  assert.deepEqual(broken, []);
});

test("the anchor check itself: a heading with code, a bar and a bracket gets GitHub's anchor", () => {
  const anchors = anchorsOf('# A\n\n## `summary RUNDIR [--json] [--target run-items|superpopulation]`\n\n## Same\n\n## Same\n');
  assert.ok(anchors.has('summary-rundir---json---target-run-itemssuperpopulation'), [...anchors].join(' '));
  assert.ok(anchors.has('same') && anchors.has('same-1'));
});
