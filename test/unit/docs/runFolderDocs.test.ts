// docs/run-folder.md names every field of the schemas the tool reads a run folder's files with: run.json
// (with a re-judged run's sourceRun), every registered benchmark's result lines, adjudication events,
// samples and stability lines. A field counts as documented when its key is written as code (`key`,
// `a.key`, `{…, key}`) in the section about its file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as z from 'zod';
import MarkdownIt from 'markdown-it';
import { RunManifestSchema } from '../../../src/core/runs/runManifest';
import { SourceRunSchema } from '../../../src/core/judgeValidation/sourceRun';
import { AdjudicationEventSchema } from '../../../src/core/adjudication/event';
import { SampleRecordSchema } from '../../../src/core/judgeValidation/sample';
import { StabilityLineSchema } from '../../../src/core/judgeValidation/stability';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { readDocument, sectionsOf } from './docFiles';
import { fieldPaths, leafOf } from './schemaFields';

const SPEC = 'docs/run-folder.md';
const markdown = new MarkdownIt();

/** The identifiers written as code in a section (and its subsections) of docs/run-folder.md. */
function codeWordsOf(heading: string): Set<string> {
  const section = sectionsOf(readDocument(SPEC)).find((s) => s.heading === heading);
  assert.ok(section, `${SPEC} has no section ${heading}`);
  const words = new Set<string>();
  for (const token of markdown.parse(section.body, {})) {
    for (const child of token.children ?? []) {
      if (child.type === 'code_inline') for (const word of child.content.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) words.add(word);
    }
  }
  return words;
}

function undocumented(heading: string, schemas: readonly { prefix: string; schema: z.ZodType }[]): string[] {
  const words = codeWordsOf(heading);
  const paths = schemas.flatMap(({ prefix, schema }) => [...fieldPaths(schema)].map((p) => (prefix === '' ? p : `${prefix}.${p}`)));
  assert.ok(paths.length > 5, `no fields read for ${heading}: is the schema walker working?`);
  return [...new Set(paths)].filter((path) => !words.has(leafOf(path))).map((path) => `${heading}: ${path}`);
}

test('every run.json field is in the run.json section of docs/run-folder.md', () => {
  assert.deepEqual(
    undocumented('`run.json`', [
      { prefix: '', schema: RunManifestSchema },
      { prefix: 'sourceRun', schema: SourceRunSchema },
    ]),
    [],
  );
});

test('every result-line field of every registered benchmark is in the results.jsonl section', () => {
  const schemas = registeredBenchmarks().map((b) => ({ prefix: '', schema: b.resultLineSchema }));
  assert.ok(schemas.length >= 2);
  assert.deepEqual(undocumented('`results.jsonl`', schemas), []);
});

test('every field of an adjudication event, a sample and a stability line is in its section', () => {
  assert.deepEqual(
    [
      ...undocumented('`adjudications.jsonl`', [{ prefix: '', schema: AdjudicationEventSchema }]),
      ...undocumented('`samples.jsonl`', [{ prefix: '', schema: SampleRecordSchema }]),
      ...undocumented('`stability.jsonl`', [{ prefix: '', schema: StabilityLineSchema }]),
    ],
    [],
  );
});
