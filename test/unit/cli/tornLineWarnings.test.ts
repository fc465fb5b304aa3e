// Read-only commands and the review read around a torn last line of results.jsonl or adjudications.jsonl
// and say so, naming the file, the line and the byte offset where the torn bytes start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';

test('summary, report, export and the review warn of a torn last line in results.jsonl and adjudications.jsonl', async () => {
  const run = writeSyntheticRun(join(scratchDir('torn-warnings'), 'run'), 5);
  const results = join(run.dir, 'results.jsonl');
  writeFileSync(run.adjudications, `${JSON.stringify(eventOn(run, { itemId: '0', annotator: 'Aiko', minute: 1, verdict: true }))}\n`);
  const resultsAt = statSync(results).size;
  const adjudicationsAt = statSync(run.adjudications).size;
  appendFileSync(results, '{"itemId":"4","resp');
  appendFileSync(run.adjudications, '{"id":"x","itemId":"1"');
  const resultsLine = readFileSync(results, 'utf8').split('\n').length;
  const expected = [
    `${results} line ${resultsLine}: a torn last line at byte ${resultsAt} (19 bytes without a newline`,
    `${run.adjudications} line 2: a torn last line at byte ${adjudicationsAt} (22 bytes without a newline`,
  ];
  for (const args of [
    ['summary', run.dir],
    ['report', run.dir, '--format', 'md'],
    ['export', run.dir, '--format', 'csv'],
    ['export', run.dir, '--format', 'json', '--adjudicated'],
  ]) {
    const r = await runCli(args);
    assert.equal(r.code, 0, r.stderr);
    for (const warning of expected)
      assert.ok(r.stderr.includes(`eval-adjudicator: warning: skipped ${warning}`), `${args.join(' ')}: ${r.stderr}`);
  }
  const { problems } = ReviewSession.open(run.dir, 'Aiko');
  for (const warning of expected)
    assert.ok(
      problems.some((p) => p.message.startsWith(warning)),
      `review: ${warning}`,
    );
  assert.equal(readFileSync(results, 'utf8').endsWith('"resp'), true, 'read-only: the torn bytes stay where they are');
});
