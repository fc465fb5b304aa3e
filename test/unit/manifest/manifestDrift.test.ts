// package.json declares the settings and the commands; src/extension declares them again for the code
// (settingsSchema.ts with each setting's default, commandIds.ts with every command id). These tests fail
// when the two drift apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { SettingsSchema } from '../../../src/extension/settingsSchema';
import { COMMAND_IDS, REVIEW_VIEW_TYPE, RUNS_VIEW_ID, STATISTICS_VIEW_TYPE } from '../../../src/extension/commandIds';

const Property = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]),
  default: z.unknown(),
  enum: z.array(z.string()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});
const Manifest = z.object({
  activationEvents: z.array(z.string()),
  contributes: z.object({
    configuration: z.object({ properties: z.record(z.string(), Property) }),
    commands: z.array(z.object({ command: z.string() })),
    views: z.record(z.string(), z.array(z.object({ id: z.string() }))),
    menus: z.record(z.string(), z.array(z.object({ command: z.string() }))),
    viewsWelcome: z.array(z.object({ view: z.string() })),
  }),
});
const manifest = Manifest.parse(JSON.parse(readFileSync('package.json', 'utf8')));

/** The part of a setting both sides state: type(s), default, allowed values, bounds. */
function shape(p: Record<string, unknown>): Record<string, unknown> {
  const alternatives = Array.isArray(p['anyOf']) ? (p['anyOf'] as Record<string, unknown>[]) : [p];
  const types = alternatives.flatMap((a) => (Array.isArray(a['type']) ? (a['type'] as string[]) : [a['type'] as string])).sort();
  // zod's int() states the safe-integer range, which package.json leaves unsaid.
  const pick = (key: string): unknown =>
    alternatives.map((a) => a[key]).find((v) => v !== undefined && Math.abs(Number(v)) !== Number.MAX_SAFE_INTEGER);
  return { type: types, default: p['default'], enum: pick('enum'), minimum: pick('minimum'), maximum: pick('maximum') };
}

test("every setting of package.json is settingsSchema.ts's, with the same type, default, values and bounds", () => {
  const code = z.toJSONSchema(SettingsSchema, { io: 'input' });
  const codeProperties = z.record(z.string(), z.record(z.string(), z.unknown())).parse(code.properties);
  const declared = Object.fromEntries(
    Object.entries(manifest.contributes.configuration.properties).map(([key, p]) => [key.replace(/^evalAdjudicator\./, ''), shape(p)]),
  );
  const inCode = Object.fromEntries(Object.entries(codeProperties).map(([key, p]) => [key, shape(p)]));
  assert.deepEqual(inCode, declared);
  // The defaults the code falls back to are the ones it declares (an unset setting reads as undefined).
  assert.deepEqual(SettingsSchema.parse({}), Object.fromEntries(Object.entries(declared).map(([key, s]) => [key, s['default']])));
});

test("every command of package.json is one of commandIds.ts's, and every id there is contributed", () => {
  const contributed: string[] = manifest.contributes.commands.map((c) => c.command).sort();
  const ids: string[] = Object.values(COMMAND_IDS);
  assert.deepEqual(contributed, ids.sort());
  const inMenus = Object.values(manifest.contributes.menus)
    .flat()
    .map((m) => m.command);
  assert.deepEqual(
    inMenus.filter((c) => !contributed.includes(c)),
    [],
    'a menu names a command that is not contributed',
  );
});

test("the views and webview panels of package.json are commandIds.ts's", () => {
  assert.deepEqual(
    Object.values(manifest.contributes.views)
      .flat()
      .map((v) => v.id),
    [RUNS_VIEW_ID],
  );
  assert.deepEqual(
    manifest.contributes.viewsWelcome.map((v) => v.view),
    [RUNS_VIEW_ID],
  );
  assert.deepEqual(
    manifest.activationEvents.sort(),
    [`onWebviewPanel:${REVIEW_VIEW_TYPE}`, `onWebviewPanel:${STATISTICS_VIEW_TYPE}`].sort(),
  );
});
