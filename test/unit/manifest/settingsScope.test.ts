import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as z from 'zod';

// code-server is a remote host: its Settings editor lists under User only settings whose scope is one
// of these (VS Code's LOCAL_MACHINE_SCOPES); `machine` and `machine-overridable` appear only under Remote.
// No scope means `window`. The end-to-end tier checks the same in the Settings UI (workbench.e2e.ts).
const SHOWN_UNDER_USER = new Set(['application', 'window', 'resource', 'language-overridable']);

const Manifest = z.object({
  contributes: z.object({
    configuration: z.object({
      properties: z.record(z.string(), z.object({ scope: z.string().optional() })),
    }),
  }),
});

test('every setting of the extension is shown under User in a remote window (code-server)', () => {
  const manifest = Manifest.parse(JSON.parse(readFileSync('package.json', 'utf8')));
  const hidden = Object.entries(manifest.contributes.configuration.properties)
    .map(([key, setting]) => ({ key, scope: setting.scope ?? 'window' }))
    .filter(({ scope }) => !SHOWN_UNDER_USER.has(scope));
  assert.deepEqual(hidden, []);
});
