import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importedRunName, importerChoices } from '../../../src/core/contract/importerChoices';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';

test('Import Official Results… lists every importer of every benchmark, each with its file filters', () => {
  const benchmarks = registeredBenchmarks();
  const choices = importerChoices(benchmarks);
  const all = benchmarks.flatMap((b) => (b.importers ?? []).map((i) => i.kind));
  assert.deepEqual(
    choices.map((c) => c.importer.kind),
    all,
  );
  assert.ok(all.length >= 2, all.join(', '));
  for (const choice of choices) {
    const extensions = Object.values(choice.importer.filters).flat();
    assert.ok(extensions.length > 0, `${choice.importer.kind} has file filters`);
    for (const ext of extensions) assert.match(choice.description, new RegExp(`\\.${ext}\\b`), choice.importer.kind);
    assert.equal(choice.label, choice.importer.fileDescription);
  }
  const official = choices.find((c) => c.importer.kind === 'yokaieval-official');
  assert.deepEqual(official?.importer.filters, { 'YokaiEval results': ['json'] });
  assert.ok(official !== undefined);
  assert.equal(importedRunName(official.importer, '/data/results/gpt-4o (2024).json'), 'yokaieval-official-gpt-4o-2024-');
});
