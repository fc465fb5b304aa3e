import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchmarkOf, registerBenchmark } from '../../../src/core/benchmarks/registry';
import { TINY } from '../../fixtures/benchmarks/tiny';
import { scratchDir } from '../../helpers/scratch';
import { installFakeVscode } from '../security/fakeVscode';

installFakeVscode();
registerBenchmark(TINY);

test("the guidelines a benchmark ships open from the extension's storage; a benchmark without them gets a page that says how to set a file", async () => {
  const { guidelinesUri } = await import('../../../src/extension/review/guidelines');
  const storage = scratchDir('guidelines-storage');
  for (const id of ['yokaieval', 'kalahi']) {
    const shown = guidelinesUri(storage, id, '');
    assert.equal(shown.problem, undefined);
    assert.equal(shown.uri.fsPath, join(storage, 'guidelines', `${id}.md`), 'the tab reads <benchmark>.md');
    assert.equal(readFileSync(shown.uri.fsPath, 'utf8'), benchmarkOf(id).guidelines);
  }
  assert.match(readFileSync(join(storage, 'guidelines', 'kalahi.md'), 'utf8'), /^# /, 'Markdown');
  // A stale copy (an older version of the extension) is replaced by the text the benchmark ships now.
  writeFileSync(join(storage, 'guidelines', 'kalahi.md'), 'old');
  assert.equal(readFileSync(guidelinesUri(storage, 'kalahi', '').uri.fsPath, 'utf8'), benchmarkOf('kalahi').guidelines);
  assert.match(
    readFileSync(guidelinesUri(storage, 'tiny', '').uri.fsPath, 'utf8'),
    /^# Tiny riddles\n\nNo annotation guidelines ship with this benchmark.*evalAdjudicator\.guidelinesFile/s,
  );
});

test("a team's guidelines file wins; a missing one falls back to the shipped guidelines, saying so", async () => {
  const { guidelinesUri } = await import('../../../src/extension/review/guidelines');
  const storage = scratchDir('guidelines-team');
  const team = join(scratchDir('guidelines-files'), 'kalahi-team.md');
  writeFileSync(team, '# Our rules\n');
  assert.equal(guidelinesUri(storage, 'kalahi', team.replace('kalahi', '{benchmark}')).uri.fsPath, team);
  const missing = guidelinesUri(storage, 'yokaieval', join(storage, 'nowhere-{benchmark}.md'));
  assert.match(missing.problem ?? '', /nowhere-yokaieval\.md does not exist; showing the default guidelines/);
  assert.equal(readFileSync(missing.uri.fsPath, 'utf8'), benchmarkOf('yokaieval').guidelines);
});
