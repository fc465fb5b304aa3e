import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { stderrMetric } from '../../../src/core/logFormats/inspect/inspectMetrics';
import { suggestInspectWriteBack } from '../../../src/core/logFormats/inspect/inspectWriteBack';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { type Json, POPULARITY, READ_SAMPLE_JSON, STREAMING } from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

async function cli(args: string[]): Promise<string> {
  const result = await runCli(args);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout + result.stderr;
}

async function importLog(file: string): Promise<string> {
  const result = await runCli(['import', 'inspect', file, '--out', scratchDir('inspect-wb')]);
  assert.equal(result.code, 0, result.stderr);
  return result.lastLine;
}

interface RawScore {
  value: unknown;
  history: {
    value: unknown;
    answer: unknown;
    metadata: unknown;
    provenance: { timestamp: string; author: string; reason: string | null; metadata: Json } | null;
  }[];
}

/** The independent side: the written log read with the tests' zip reader and JSON.parse only. */
function readWritten(file: string): { members: Map<string, Buffer>; json: (name: string) => Json } {
  const members = readZipEntries(readFileSync(file));
  return { members, json: (name) => JSON.parse(members.get(name)?.toString('utf8') ?? 'null') as Json };
}

function naiveStderr(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1)) / Math.sqrt(values.length);
}

test("stderr reproduces the log's own figure to the last digit (numpy's pairwise sums)", () => {
  const values = [1, 1, 0, 1, 1, 1, 0, 1, 1, 1];
  assert.equal(stderrMetric(values), 0.13333333333333333);
});

test('round trip: import, adjudicate with the CLI, export adjudicated CSV, write back to Inspect, read it independently, reimport', async () => {
  const dir = await importLog(POPULARITY);
  const before = sha(POPULARITY);
  await cli([
    'adjudicate',
    dir,
    '--item',
    '3#1',
    '--verdict',
    'true',
    '--note',
    'No is the right answer',
    '--annotator',
    'Ann',
    '--role',
    'adjudicator',
  ]);
  await cli(['adjudicate', dir, '--item', '7#1', '--verdict', 'true', '--flag', 'other', '--annotator', 'Ann', '--role', 'adjudicator']);
  await cli(['adjudicate', dir, '--item', '2#1', '--verdict', 'true', '--annotator', 'Ann']);
  await cli(['adjudicate', dir, '--item', '2#1', '--verdict', 'true', '--annotator', 'Bo']);
  await cli(['adjudicate', dir, '--item', '5#1', '--verdict', 'none', '--note', 'cannot tell', '--annotator', 'Ann']);

  const csv = parse(await cli(['export', dir, '--adjudicated', '--format', 'csv']).then((t) => t.replace(/^\uFEFF/, '')), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  const byId = new Map(csv.map((r) => [r['itemId'], r]));
  assert.equal(csv.length, 10);
  assert.equal(byId.get('3#1')?.['automaticVerdict'], 'false');
  assert.equal(byId.get('3#1')?.['humanVerdict'], 'true');
  assert.equal(byId.get('3#1')?.['notes'], 'Ann: No is the right answer');
  assert.equal(byId.get('7#1')?.['flags'], 'other');
  assert.equal(byId.get('2#1')?.['decidedBy'], 'Ann; Bo');

  const out = join(scratchDir('inspect-out'), 'adjudicated.eval');
  const printed = await cli(['export', dir, '--format', 'inspect', '--out', out]);
  assert.match(printed, /3 scores edited/);
  assert.equal(sha(POPULARITY), before, 'the source is never changed');

  const source = readZipEntries(readFileSync(POPULARITY));
  const written = readWritten(out);
  assert.deepEqual([...written.members.keys()], [...source.keys()]);
  const three = written.json('samples/3_epoch_1.json') as {
    scores: { match: RawScore };
    events: { event: string; score_name?: string; span_id?: unknown }[];
  };
  assert.equal(three.scores.match.value, 'C');
  assert.equal(three.scores.match.history.length, 2);
  assert.deepEqual(three.scores.match.history[0], { value: 'I', answer: 'No', explanation: 'No', metadata: {}, provenance: null });
  const edit = three.scores.match.history[1];
  assert.equal(edit?.value, 'C');
  assert.equal(edit?.answer, 'UNCHANGED');
  assert.equal(edit?.provenance?.author, 'Ann');
  assert.equal(edit?.provenance?.reason, 'No is the right answer');
  assert.deepEqual(edit?.provenance?.metadata['flags'], []);
  assert.equal(typeof edit?.provenance?.metadata['toolVersion'], 'string');
  assert.equal(three.events.filter((e) => e.event === 'score_edit' && e.score_name === 'match').length, 1);
  const seven = written.json('samples/7_epoch_1.json') as { scores: { match: RawScore } };
  assert.deepEqual(seven.scores.match.history[1]?.provenance?.metadata['flags'], ['other']);
  const two = written.json('samples/2_epoch_1.json') as { scores: { match: RawScore } };
  assert.equal(two.scores.match.value, 'C', 'a confirmation keeps the value and records who confirmed');
  assert.equal(two.scores.match.history[1]?.provenance?.author, 'Ann, Bo');
  const five = written.json('samples/5_epoch_1.json') as { scores: { match: RawScore } };
  assert.deepEqual(five.scores.match.history ?? [], [], "a can't-tell verdict is not written");

  // Every member the edits do not touch is byte for byte the source's.
  for (const name of source.keys()) {
    if (
      [
        'samples/3_epoch_1.json',
        'samples/7_epoch_1.json',
        'samples/2_epoch_1.json',
        'header.json',
        'reductions.json',
        'summaries.json',
        '_journal/summaries/1.json',
      ].includes(name)
    )
      continue;
    assert.deepEqual(written.members.get(name), source.get(name), name);
  }
  // The metrics recomputed from the edited values: 10 samples, all C now but sample 1.
  const values = Array.from({ length: 10 }, (_, i): number =>
    (written.json(`samples/${i + 1}_epoch_1.json`) as { scores: { match: { value: string } } }).scores.match.value === 'C' ? 1 : 0,
  );
  const header = written.json('header.json') as {
    results: { scores: { metrics: { accuracy: { value: number }; stderr: { value: number } } }[] };
  };
  const metrics = header.results.scores[0]?.metrics;
  assert.equal(metrics?.accuracy.value, values.reduce((a, b) => a + b, 0) / 10);
  assert.equal(metrics?.accuracy.value, 1);
  assert.ok(Math.abs((metrics?.stderr.value ?? -1) - naiveStderr(values)) < 1e-15);
  const reductions = written.json('reductions.json') as unknown as { samples: { sample_id: number; value: number }[] }[];
  assert.equal(reductions[0]?.samples.find((s) => s.sample_id === 3)?.value, 1);
  const summaries = written.json('summaries.json') as unknown as { id: number; scores: { match: { value: string } } }[];
  assert.equal(summaries.find((s) => s.id === 7)?.scores.match.value, 'C');
  // Everything else in the header is the source's.
  const sourceHeader = JSON.parse(source.get('header.json')?.toString('utf8') ?? '{}') as Json;
  assert.deepEqual({ ...header, results: null }, { ...sourceHeader, results: null });

  // Reimported, the edits are the automatic verdicts, with their history.
  const again = loadRunState(await importLog(out), RUN_REGISTRY);
  assert.equal(again.current.get('3#1')?.verdict, true);
  assert.equal(again.current.get('7#1')?.verdict, true);
  const inputs = again.current.get('3#1')?.inputs as { scores: { history?: { author: string | null; reason: string | null }[] }[] };
  assert.deepEqual(
    inputs.scores[0]?.history?.map((h) => [h.author, h.reason]),
    [
      [null, null],
      ['Ann', 'No is the right answer'],
    ],
  );
  // The same items: adjudications made on the first import stay current on the second.
  assert.equal(again.current.get('3#1')?.itemHash, loadRunState(dir, RUN_REGISTRY).current.get('3#1')?.itemHash);
});

test('a .json log is written back as .json; the container must match', async () => {
  const dir = await importLog(READ_SAMPLE_JSON);
  await cli(['adjudicate', dir, '--item', '1#1', '--verdict', 'false', '--annotator', 'Ann', '--role', 'adjudicator']);
  // What the editor's save dialog proposes is in the source's container.
  assert.deepEqual(suggestInspectWriteBack(loadRunState(dir, RUN_REGISTRY)), {
    name: `${basename(READ_SAMPLE_JSON, '.json')}.adjudicated.json`,
    extensions: ['json'],
  });
  const wrong = await runCli(['export', dir, '--format', 'inspect', '--out', join(scratchDir('inspect-out'), 'x.eval')]);
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /the source is an \.json log, so the written log is one too/);
  const out = join(scratchDir('inspect-out'), 'adjudicated.json');
  await cli(['export', dir, '--format', 'inspect', '--out', out]);
  const log = JSON.parse(readFileSync(out, 'utf8')) as {
    samples: { scores: { match: RawScore } }[];
    results: { scores: { metrics: { accuracy: { value: number } } }[] };
  };
  assert.equal(log.samples[0]?.scores.match.value, 'I');
  assert.equal(log.samples[0]?.scores.match.history[0]?.value, 'C');
  assert.equal(log.results.scores[0]?.metrics.accuracy.value, 0);
  const source = JSON.parse(readFileSync(READ_SAMPLE_JSON, 'utf8')) as Json;
  const reductions = (log as unknown as { reductions: { samples: { value: number }[] }[] }).reductions;
  assert.equal(reductions[0]?.samples[0]?.value, 0);
  assert.deepEqual(
    { ...log, samples: null, results: null, reductions: null },
    { ...source, samples: null, results: null, reductions: null },
  );
});

test('epochs: the edited sample is reduced again over its epochs (mean) and the metrics follow', async () => {
  const dir = await importLog(STREAMING);
  await cli(['adjudicate', dir, '--item', '1#1', '--verdict', 'true', '--annotator', 'Ann', '--role', 'adjudicator']);
  const out = join(scratchDir('inspect-out'), 'streaming.eval');
  await cli(['export', dir, '--format', 'inspect', '--out', out]);
  const written = readWritten(out);
  const header = written.json('header.json') as {
    results: { scores: { metrics: { accuracy: { value: number }; stderr: { value: number } } }[] };
  };
  assert.equal(header.results.scores[0]?.metrics.accuracy.value, 1);
  assert.equal(header.results.scores[0]?.metrics.stderr.value, 0);
  const reductions = written.json('reductions.json') as unknown as { samples: { sample_id: number; value: number }[] }[];
  assert.equal(reductions[0]?.samples.find((s) => s.sample_id === 1)?.value, 1);
});

test('the write-back refuses a --source that is not the imported log, and the source itself as --out', async () => {
  const dir = await importLog(POPULARITY);
  const other = await runCli(['export', dir, '--format', 'inspect', '--out', join(scratchDir('x'), 'o.eval'), '--source', STREAMING]);
  assert.equal(other.code, 1);
  assert.match(other.stderr, /is not the log this run was imported from/);
  const same = await runCli(['export', dir, '--format', 'inspect', '--out', join(dir, 'source', POPULARITY.replace(/^.*\//, ''))]);
  assert.equal(same.code, 1);
  assert.match(same.stderr, /is the source log, which is never changed/);
});
