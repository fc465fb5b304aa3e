import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { benchmarkOf } from '../../../src/core/benchmarks/registry';
import { loadRunState } from '../../../src/core/adjudication/runState';
import { summarizeRun } from '../../../src/core/reports/summarizeRun';
import { labelOf } from '../../../src/core/review/itemViews';
import { type ForeignRunSummary } from '../../../src/core/logFormats/foreignSummary';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import {
  FORMATS_JSON,
  MMLU,
  POPULARITY,
  POPULARITY_UNSCORED,
  READ_SAMPLE_JSON,
  STREAMING,
  VERSION_4,
  WITH_NAN,
  reportedAccuracy,
} from '../../helpers/inspectFixtures';
import { readZipEntries } from '../../helpers/zipReader';
import { RUN_REGISTRY } from '../../../src/core/benchmarks/runRegistry';

async function importLog(file: string, extra: string[] = []): Promise<{ dir: string; stderr: string }> {
  const out = scratchDir('inspect');
  const result = await runCli(['import', 'inspect', file, '--out', out, ...extra]);
  assert.equal(result.code, 0, result.stderr);
  return { dir: result.lastLine, stderr: result.stderr };
}

for (const file of [POPULARITY, STREAMING, MMLU, READ_SAMPLE_JSON, FORMATS_JSON]) {
  test(`${file.replace(/^.*\//, '')}: the automatic accuracy shown is the log's own, to the last digit`, async () => {
    const { dir } = await importLog(file);
    const summary = summarizeRun(dir) as ForeignRunSummary;
    assert.equal(summary.automatic.accuracy, reportedAccuracy(file));
    assert.equal(summary.log?.reported, reportedAccuracy(file));
    assert.equal(summary.log?.reproduced, reportedAccuracy(file));
    assert.equal(summary.log?.equal, true);
  });
}

test('run.json records the source (name, size, sha256, no path), framework and version, task, model, scorers and the verdict score', async () => {
  const { dir, stderr } = await importLog(POPULARITY);
  const manifest = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as {
    benchmark: string;
    task: string;
    settings: Record<string, unknown>;
  };
  assert.equal(manifest.benchmark, 'inspect');
  assert.equal(manifest.task, 'popularity');
  const bytes = readFileSync(POPULARITY);
  const [source] = manifest.settings['source'] as { file: string; size: number; sha256: string }[];
  assert.equal(source?.file, POPULARITY.replace(/^.*\//, ''));
  assert.equal(source?.size, bytes.length);
  assert.match(source?.sha256 ?? '', /^[0-9a-f]{64}$/);
  assert.deepEqual(manifest.settings['framework'], { name: 'Inspect AI', version: '0.3.58.dev16+g6a87748b' });
  assert.deepEqual(manifest.settings['models'], ['openai/gpt-4o-mini']);
  assert.deepEqual(manifest.settings['scorers'], ['match']);
  assert.equal(manifest.settings['verdictScore'], 'match');
  assert.ok(!readFileSync(join(dir, 'run.json'), 'utf8').includes(POPULARITY.replace(/\/[^/]*$/, '')), 'no absolute path');
  assert.match(stderr, /verdict score: match/);
  assert.deepEqual(readFileSync(join(dir, 'source', POPULARITY.replace(/^.*\//, ''))), bytes);
});

test('one item per sample and epoch, in Inspect order (epoch, then id), each with its verdict', async () => {
  const { dir } = await importLog(STREAMING);
  const state = loadRunState(dir, RUN_REGISTRY);
  assert.deepEqual(state.manifest.dataset.itemIds, ['1#1', '2#1', '1#2', '2#2']);
  const summaries = JSON.parse(readZipEntries(readFileSync(STREAMING)).get('summaries.json')?.toString('utf8') ?? '[]') as {
    id: number;
    epoch: number;
    scores: { match: { value: string } };
  }[];
  for (const s of summaries) assert.equal(state.current.get(`${s.id}#${s.epoch}`)?.verdict, s.scores.match.value === 'C');
});

test('the detail shows the conversation as turns, the choices with the target marked, every score, the output', async () => {
  const { dir } = await importLog(MMLU);
  const state = loadRunState(dir, RUN_REGISTRY);
  const line = state.current.get('1#1');
  const detail = benchmarkOf('inspect').review.detail(
    { id: '1#1', auto: 'false', error: null, annotators: [], mine: null, final: null, conflict: false, canUndo: false },
    line,
    { settings: { decidable: true, primaryMetric: '', metrics: [] }, aidText: null },
  );
  assert.equal(detail?.kind, 'texts');
  if (detail?.kind !== 'texts') return;
  const user = detail.fields.find((f) => f.label === 'user');
  assert.match(user?.text ?? '', /^Answer the following multiple choice question/);
  assert.ok(!(user?.text ?? '').includes('"role"'), 'a turn, not JSON');
  const choices = detail.fields.find((f) => f.label.startsWith('choices'));
  assert.equal(choices?.text.split('\n')[0], '✓ A) 6.0 e');
  assert.equal(choices?.text.split('\n')[2], '  C) 12.2 eV');
  const score = detail.fields.find((f) => f.label.startsWith('score choice'));
  assert.equal(score?.text, 'value: I\nanswer: C\nexplanation: ANSWER: C');
  assert.equal(detail.response, 'ANSWER: C');
  // The list row is labelled with the question (the last user turn), not "item 1#1".
  const label = labelOf(line, '1#1', benchmarkOf('inspect').review);
  assert.match(label, /^Answer the following multiple choice question/);
  assert.ok(label.length <= 200 && !label.includes('\n'), label);
});

test('--score names the verdict score; one the log lacks is one line naming the file and its scores, nothing written', async () => {
  const out = scratchDir('inspect-bad');
  const result = await runCli(['import', 'inspect', POPULARITY, '--out', out, '--score', 'includes']);
  assert.equal(result.code, 1);
  assert.match(
    result.stderr,
    /popularity_mj7khqpMM4GBCfVQozKgzB\.eval: has no score "includes" \(its scores: match\); name one of them with --score/,
  );
  assert.deepEqual(readdirSync(out), []);
});

test('a log without scores imports with null verdicts and says so', async () => {
  const { dir, stderr } = await importLog(POPULARITY_UNSCORED);
  assert.match(stderr, /verdict score: none/);
  assert.equal(summarizeRun(dir).automatic.counts.null, 10);
});

test('bad input: a truncated .eval, a file that is not a zip, an unknown schema version: one line, nothing written', async () => {
  const scratch = scratchDir('inspect-bad');
  const truncated = join(scratch, 'truncated.eval');
  writeFileSync(truncated, readFileSync(POPULARITY).subarray(0, 9000));
  const notZip = join(scratch, 'notzip.eval');
  writeFileSync(notZip, '{"version": 2}');
  const cases: [string, RegExp][] = [
    [truncated, /truncated\.eval: the zip archive is damaged or cut short .*; copy the log again/],
    [notZip, /notzip\.eval: not a zip archive/],
    [VERSION_4, /log_version_3\.txt: Inspect log schema version 4 is not one this tool reads \(1, 2\)/],
  ];
  for (const [file, message] of cases) {
    const out = join(scratch, `out-${file.replace(/^.*\//, '')}`);
    const result = await runCli(['import', 'inspect', file, '--out', out]);
    assert.equal(result.code, 1, file);
    assert.match(result.stderr, message);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.equal(existsSync(out), false);
  }
});

test('NaN in a Python-written JSON log is read (a version 1 log, its results in the old shape)', async () => {
  const { dir } = await importLog(WITH_NAN);
  assert.equal(loadRunState(dir, RUN_REGISTRY).manifest.settings['logVersion'], 1);
});

test('a log still being written (status started) imports what it has and says how many samples it lacks', async () => {
  const entries = readZipEntries(readFileSync(POPULARITY));
  const kept = [...entries].filter(
    ([name]) =>
      name === '_journal/start.json' || ['samples/1_epoch_1.json', 'samples/2_epoch_1.json', 'samples/3_epoch_1.json'].includes(name),
  );
  const started = join(scratchDir('inspect-started'), 'started.eval');
  writeFileSync(started, zipSync(Object.fromEntries(kept.map(([name, data]) => [name, new Uint8Array(data)]))));
  const { dir, stderr } = await importLog(started);
  assert.match(stderr, /still being written \(status started\): imported the 3 samples it has; it lacks 7 of the 10 planned/);
  assert.equal(loadRunState(dir, RUN_REGISTRY).manifest.dataset.itemIds.length, 3);
});

test('an errored sample is shown and counted, never dropped, and the summary says why the figures differ', async () => {
  const log = JSON.parse(readFileSync(READ_SAMPLE_JSON, 'utf8')) as { samples: Record<string, unknown>[] };
  const [first] = log.samples;
  assert.ok(first);
  log.samples.push({ ...first, id: 2, scores: {}, error: { message: 'RuntimeError: boom', traceback: '', traceback_ansi: '' } });
  const file = join(scratchDir('inspect-error'), 'errored.json');
  writeFileSync(file, JSON.stringify(log));
  const { dir } = await importLog(file);
  const summary = summarizeRun(dir) as ForeignRunSummary;
  assert.equal(summary.automatic.counts.error, 1);
  assert.equal(summary.items, 2);
  assert.equal(summary.log?.equal, false);
  assert.match(summary.log?.why.join('\n') ?? '', /1 errored samples: the log leaves them out of the figure, here they count as wrong/);
});
