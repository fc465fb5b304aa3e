import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

// A webview parses and runs its whole bundle before it can ask for its data. `import { z } from 'zod'` keeps
// zod's every locale and its JSON-schema converters in the bundle (about 370 KB minified, most of the page's
// script); `import * as z from 'zod'` lets esbuild drop them. `npm test` builds first (not minified, so each
// bundled module is still named by esbuild's `// path` comment).
for (const bundle of ['dist/webview.js', 'dist/stats.js']) {
  test(`${bundle} bundles zod's English messages only, not its other locales`, () => {
    const modules = [...readFileSync(bundle, 'utf8').matchAll(/^\s*\/\/ (node_modules\/zod\/v4\/locales\/[\w-]+\.js)$/gm)].map((m) => m[1]);
    assert.deepEqual(
      modules,
      ['node_modules/zod/v4/locales/en.js'],
      `${bundle} bundles ${modules.length} zod locales: a file in its import graph says \`import { z } from 'zod'\``,
    );
  });
}
