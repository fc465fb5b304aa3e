// Issue 36, item 21: an Inspect .eval whose header says N samples while the zip holds fewer says how many and
// which are missing: in the CLI's output, the extension's import message and run.json's settings. The partial
// log is the real log_streaming.eval (2 ids x 2 epochs) rewritten by Python's zipfile without two sample
// members; what is missing is computed by Python from that file, not by the import code.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { benchmarkOf } from '../../../src/core/benchmarks/registry';
import { importedMessage } from '../../../src/extension/commands/importedMessage';
import { STREAMING } from '../../helpers/inspectFixtures';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';

const DROPPED = ['samples/2_epoch_1.json', 'samples/1_epoch_2.json'];

/** Copies the log without the named members (Python's zipfile, each member's compression kept). */
const REWRITE = `
import sys, zipfile
src, out, drop = sys.argv[1], sys.argv[2], set(sys.argv[3:])
with zipfile.ZipFile(src) as z, zipfile.ZipFile(out, "w") as w:
    for info in z.infolist():
        if info.filename not in drop:
            w.writestr(info, z.read(info.filename))
`;

/** What the file declares and holds, read with Python's zipfile and json only. */
const LIST = `
import json, re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
header = json.loads(z.read("header.json"))
epochs = header["eval"]["config"].get("epochs") or 1
expected = [f"{i}#{e}" for e in range(1, epochs + 1) for i in header["eval"]["dataset"]["sample_ids"]]
held = set()
for name in z.namelist():
    m = re.fullmatch(r"samples/(.+)_epoch_(\\d+)\\.json", name)
    if m:
        held.add(f"{m.group(1)}#{m.group(2)}")
print(json.dumps({"declared": header["results"]["total_samples"], "held": len(held), "missing": [i for i in expected if i not in held]}))
`;

interface Listing {
  readonly declared: number;
  readonly held: number;
  readonly missing: string[];
}

function partialLog(): { file: string; listing: Listing } {
  const file = join(scratchDir('inspect-partial'), 'partial.eval');
  execFileSync('python3', ['-c', REWRITE, STREAMING, file, ...DROPPED]);
  const listing = JSON.parse(execFileSync('python3', ['-c', LIST, file], { encoding: 'utf8' })) as Listing;
  return { file, listing };
}

test('the CLI names how many samples the header declares, how many the file holds and which are missing; run.json keeps them', async () => {
  const { file, listing } = partialLog();
  assert.equal(listing.declared - listing.held, DROPPED.length, 'the rewritten file lacks the dropped members');
  const result = await runCli(['import', 'inspect', file, '--out', scratchDir('inspect-partial-out')]);
  assert.equal(result.code, 0, result.stderr);
  const lacking = listing.declared - listing.held;
  assert.ok(
    result.stderr.includes(
      `the log's header declares ${listing.declared} samples; the file holds ${listing.held}: ${lacking} missing (${listing.missing.join(', ')})`,
    ),
    result.stderr,
  );
  assert.ok(result.stderr.includes(`missing from the file: ${listing.missing.join(', ')}`), result.stderr);
  const run = JSON.parse(readFileSync(join(result.lastLine, 'run.json'), 'utf8')) as { settings: Record<string, unknown> };
  assert.equal(run.settings['lacking'], lacking);
  assert.deepEqual(run.settings['lackingSamples'], listing.missing);
});

test("the extension's import message says how many are missing and names them", async () => {
  const { file, listing } = partialLog();
  const importer = benchmarkOf('inspect').importers?.[0];
  assert.ok(importer !== undefined);
  const outcome = await importer.run(file, join(scratchDir('inspect-partial-ext'), 'run'), { sources: {} });
  const message = importedMessage(outcome);
  assert.ok(message.startsWith(`Imported ${listing.held} items (${listing.missing.length} missing from the file).`), message);
  assert.ok(message.includes(`${listing.missing.length} missing (${listing.missing.join(', ')})`), message);
});

test('a whole log says nothing is missing', async () => {
  const result = await runCli(['import', 'inspect', STREAMING, '--out', scratchDir('inspect-whole')]);
  assert.equal(result.code, 0, result.stderr);
  assert.doesNotMatch(result.stderr, /missing/);
  const run = JSON.parse(readFileSync(join(result.lastLine, 'run.json'), 'utf8')) as { settings: Record<string, unknown> };
  assert.equal(run.settings['lacking'], 0);
  assert.equal(run.settings['lackingSamples'], null);
});
