import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCli } from '../../helpers/childCli';
import { type CliResult, runCli } from '../../helpers/cli';
import { POPULARITY } from '../../helpers/inspectFixtures';
import { scratchDir } from '../../helpers/scratch';

const PROMPTFOO = join(__dirname, '..', '..', 'fixtures', 'foreign-logs', 'promptfoo', 'results.json');

/** Starts an import that stops at `stage` of its write window, and kills it there with SIGKILL. */
async function killedAt(stage: string, kind: string, file: string, runs: string): Promise<void> {
  const { child, done, stderrSoFar } = startCli(['import', kind, file, '--out', runs, '--name', 'run'], {
    env: { EVAL_ADJUDICATOR_IMPORT_PAUSE: stage },
  });
  for (let waited = 0; !stderrSoFar().includes(`import paused at ${stage}`); waited += 20) {
    if (waited > 120_000) throw new Error(`never reached ${stage}: ${stderrSoFar()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  assert.equal((await done).signal, 'SIGKILL');
}

const cli = (args: string[]): Promise<CliResult> => runCli(args);

for (const [kind, file, stages] of [
  ['inspect', POPULARITY, ['sources', 'results', 'rename']],
  ['promptfoo', PROMPTFOO, ['results']],
] as const) {
  for (const stage of stages) {
    test(`${kind}: SIGKILL in the write window (${stage}) leaves no run that summary, export or adjudicate take for whole; the next import clears it and says so`, async () => {
      const runs = scratchDir('import-kill');
      const target = join(runs, 'run');
      await killedAt(stage, kind, file, runs);
      assert.equal(existsSync(target), false, 'nothing at the target');
      const leftovers = readdirSync(runs).filter((name) => name.startsWith('.run.importing-'));
      assert.equal(leftovers.length, 1, `the interrupted import's folder is beside: ${readdirSync(runs).join(', ')}`);
      for (const args of [
        ['summary', target],
        ['export', target, '--format', 'csv'],
        ['adjudicate', target, '--item', '1#1', '--verdict', 'true', '--annotator', 'Ann'],
      ]) {
        const result = await cli(args);
        assert.notEqual(result.code, 0, `${args[0] ?? ''} refuses the unfinished run`);
        assert.match(result.stderr, /not a run folder/);
      }
      const again = await cli(['import', kind, file, '--out', runs, '--name', 'run']);
      assert.equal(again.code, 0, again.stderr);
      assert.match(
        again.stderr,
        new RegExp(`removed .*\\.run\\.importing-\\d+, left by an import into .*run that was interrupted before it was whole`),
      );
      assert.deepEqual(
        readdirSync(runs).filter((name) => name.startsWith('.run.importing-')),
        [],
      );
      const manifest = JSON.parse(readFileSync(join(target, 'run.json'), 'utf8')) as { status: string; dataset: { itemIds: string[] } };
      assert.equal(manifest.status, 'imported');
      const lines = readFileSync(join(target, 'results.jsonl'), 'utf8')
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { itemId: string });
      assert.deepEqual(
        lines.map((l) => l.itemId),
        manifest.dataset.itemIds,
      );
      assert.equal((await cli(['summary', target])).code, 0);
    });
  }
}
