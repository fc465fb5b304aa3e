// A report, an export or a table is made to be shared: none names a path of the machine that wrote it (the
// run folder's name is enough). Real runs against the test server, among them a Kalahi run whose BERTScore
// model folder, a re-judge whose template file and an adjudication log whose skipped line are absolute paths;
// every format written is read back with its own parser and every text in it checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { Window } from 'happy-dom';
import MarkdownIt from 'markdown-it';
import { startTestServer } from '../../server';
import { runCli } from '../../helpers/cli';
import { csvRows } from '../../helpers/csv';
import { scratchDir } from '../../helpers/scratch';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { TINY_ENCODER } from '../neural/fixtures';

const projectRoot = resolve(import.meta.dirname, '../../..');

function stringsOfJson(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOfJson);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsOfJson(v)]);
  return [];
}

function stringsOfHtml(html: string): string[] {
  const window = new Window();
  window.document.write(html);
  const texts: string[] = [window.document.documentElement.textContent ?? ''];
  for (const element of window.document.querySelectorAll('*'))
    for (const attribute of element.attributes) texts.push(attribute.value ?? '');
  void window.happyDOM.close();
  return texts;
}

function stringsOfMarkdown(markdown: string): string[] {
  const tokens = new MarkdownIt().parse(markdown, {});
  return tokens.flatMap((token) => [
    token.content,
    ...(token.children ?? []).flatMap((child) => [child.content, ...(child.attrs ?? []).map((a) => a[1])]),
  ]);
}

/** Which of the texts hold one of the machine's paths (the scratch folder, the checkout, the home folder). */
function leaks(texts: readonly string[], roots: readonly string[]): string[] {
  return texts.filter((text) => roots.some((root) => text.includes(root))).map((text) => text.slice(0, 200));
}

test('reports (md, json, html), exports (csv, json, plain and adjudicated) and tables (csv, md, tex) name no path of the machine', async (t) => {
  if (!requireSharedFile(t, join(sharedDataDir, 'kalahi', 'filipino.csv'))) return;
  if (!requireSharedFile(t, join(sharedDataDir, 'yokaieval', 'YokaiEval.json'))) return;
  const server = await startTestServer();
  t.after(() => server.close());
  const scratch = realpathSync(scratchDir('machine-paths'));
  const out = join(scratch, 'runs');
  mkdirSync(out);
  const cache = join(scratch, 'cache');
  const base = ['--base-url', server.url, '--data', sharedDataDir, '--out', out, '--cache-dir', cache];

  const yokai = await runCli(['run', 'yokaieval', '--model', 'm', ...base, '--limit', '6', '--name', 'y'], { env: {} });
  assert.equal(yokai.code, 0, yokai.stderr);
  const template = join(scratch, 'strict-judge.txt');
  writeFileSync(template, readFileSync(join(sharedDataDir, 'yokaieval', 'judge_prompt.txt')));
  const rejudged = await runCli(
    [
      'rejudge',
      yokai.lastLine,
      '--judge-model',
      'judge-b',
      '--judge-base-url',
      server.url,
      '--judge-template',
      template,
      '--cache-dir',
      cache,
    ],
    { env: {} },
  );
  assert.equal(rejudged.code, 0, rejudged.stderr);
  const kalahi = await runCli(
    [
      'run',
      'kalahi',
      '--task',
      'open',
      '--model',
      'm',
      ...base,
      '--limit',
      '3',
      '--name',
      'k',
      '--metrics',
      'chrf,bertscore',
      '--bertscore-model',
      TINY_ENCODER,
      '--bertscore-layer',
      '2',
    ],
    { env: {} },
  );
  assert.equal(kalahi.code, 0, kalahi.stderr);
  const runs = [yokai.lastLine, rejudged.lastLine, kalahi.lastLine];
  for (const dir of runs) {
    const adjudicated = await runCli(
      [
        'adjudicate',
        dir,
        '--item',
        dir === kalahi.lastLine ? '0101000100' : '0',
        '--verdict',
        'false',
        '--note',
        'checked',
        '--annotator',
        'A',
      ],
      { env: {} },
    );
    assert.equal(adjudicated.code, 0, adjudicated.stderr);
    appendFileSync(join(dir, 'adjudications.jsonl'), '{"not": "an event"}\n');
  }
  // The inputs do hold absolute paths, so the checks below can fail.
  assert.ok(readFileSync(join(kalahi.lastLine, 'run.json'), 'utf8').includes(projectRoot), 'the Kalahi run records its BERTScore folder');
  assert.ok(readFileSync(join(rejudged.lastLine, 'run.json'), 'utf8').includes(template), 'the re-judged run records its template file');

  const roots = [scratch, projectRoot, ...(homedir().length > 1 ? [homedir()] : [])];
  const written: { what: string; texts: string[] }[] = [];
  for (const dir of runs) {
    for (const format of ['md', 'json', 'html'] as const) {
      const result = await runCli(['report', dir, '--format', format], { env: {} });
      assert.equal(result.code, 0, result.stderr);
      const texts =
        format === 'json'
          ? stringsOfJson(JSON.parse(result.stdout))
          : format === 'md'
            ? stringsOfMarkdown(result.stdout)
            : stringsOfHtml(result.stdout);
      assert.ok(
        texts.some((text) => text.includes(dir.slice(out.length + 1))),
        `the ${format} report names the run folder`,
      );
      written.push({ what: `report --format ${format} of ${dir}`, texts });
    }
    for (const adjudicated of [[], ['--adjudicated']]) {
      for (const format of ['csv', 'json'] as const) {
        const result = await runCli(['export', dir, '--format', format, ...adjudicated], { env: {} });
        assert.equal(result.code, 0, result.stderr);
        written.push({
          what: `export --format ${format} ${adjudicated.join(' ')} of ${dir}`,
          texts: format === 'json' ? stringsOfJson(JSON.parse(result.stdout)) : csvRows(result.stdout).flat(),
        });
      }
    }
  }
  for (const format of ['csv', 'md', 'tex'] as const) {
    const result = await runCli(['table', ...runs, '--format', format], { env: {} });
    assert.equal(result.code, 0, result.stderr);
    written.push({
      what: `table --format ${format}`,
      texts: format === 'csv' ? csvRows(result.stdout).flat() : format === 'md' ? stringsOfMarkdown(result.stdout) : [result.stdout],
    });
  }
  for (const { what, texts } of written) assert.deepEqual(leaks(texts, roots), [], `${what} names a path of the machine`);
});
