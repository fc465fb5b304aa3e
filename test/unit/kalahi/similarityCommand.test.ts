import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { getSimilarityMetric, LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { metricVectorsDir, requireSharedFile } from '../../helpers/sharedData';

const ScoreLine = z.strictObject({ score: z.number() });
const pairs = [
  { hypothesis: 'Magmano ka sa lola mo.', reference: 'Kunin mo ang kanyang kamay at ilapat ito sa iyong noo upang magmano.' },
  { hypothesis: '', reference: 'Salamat po.' },
  { hypothesis: 'Salamat po.', reference: 'Salamat po.' },
];

function scoresOf(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => ScoreLine.parse(JSON.parse(l)).score);
}

test('similarity writes one {"score"} line per input line, in order, as the registry computes it', async () => {
  const input = pairs.map((p) => JSON.stringify(p)).join('\r\n') + '\r\n';
  for (const name of LEXICAL_METRIC_NAMES) {
    const result = await runCli(['similarity', '--metric', name], { stdin: input });
    assert.equal(result.code, 0, result.stderr);
    const metric = getSimilarityMetric(name);
    assert.deepEqual(
      scoresOf(result.stdout),
      pairs.map((p) => metric.score(p.hypothesis, p.reference)),
      name,
    );
  }
  const none = await runCli(['similarity', '--metric', 'chrf'], { stdin: '' });
  assert.deepEqual([none.code, none.stdout], [0, '']);
});

test('similarity reproduces the shared reference vectors (sacrebleu, rouge-score)', async (t) => {
  const path = join(metricVectorsDir, 'similarity.jsonl');
  if (!requireSharedFile(t, path)) return;
  const rows = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map(
      (l) =>
        z.looseObject({ hypothesis: z.string(), reference: z.string() }).parse(JSON.parse(l)) as Record<string, unknown> & {
          hypothesis: string;
          reference: string;
        },
    );
  const input = rows.map((r) => JSON.stringify({ hypothesis: r.hypothesis, reference: r.reference })).join('\n');
  for (const name of ['chrf', 'bleu', 'rouge-lsum'] as const) {
    const scores = scoresOf((await runCli(['similarity', '--metric', name], { stdin: input })).stdout);
    assert.equal(scores.length, rows.length);
    scores.forEach((score, i) =>
      assert.ok(Math.abs(score - Number(rows[i]?.[name])) < 1e-9, `${name} row ${i + 1}: ${score} vs ${String(rows[i]?.[name])}`),
    );
  }
});

test('a malformed line is an error naming its line; the lines before it are written whole, nothing after', async () => {
  const lines = [JSON.stringify(pairs[0]), JSON.stringify(pairs[2]), '{"hypothesis": "x", "reference": 3}', JSON.stringify(pairs[1])];
  const wrongType = await runCli(['similarity', '--metric', 'chrf'], { stdin: lines.join('\n') });
  assert.equal(wrongType.code, 1);
  assert.equal(wrongType.stderr, 'eval-adjudicator: stdin, line 3, field "reference": Invalid input: expected string, received number\n');
  assert.equal(scoresOf(wrongType.stdout).length, 2);
  assert.ok(wrongType.stdout.endsWith('}\n'));

  const notJson = await runCli(['similarity', '--metric', 'bleu'], { stdin: `${lines[0] ?? ''}\n{"hypothesis": "x",\n` });
  assert.equal(notJson.code, 1);
  assert.match(notJson.stderr, /^eval-adjudicator: stdin, line 2: not valid JSON/);
  assert.equal(scoresOf(notJson.stdout).length, 1);

  const extraKey = await runCli(['similarity', '--metric', 'bleu'], { stdin: '{"hypothesis": "a", "reference": "b", "score": 1}\n' });
  assert.equal(extraKey.code, 1);
  assert.match(extraKey.stderr, /stdin, line 1: Unrecognized key: "score"/);
  const blank = await runCli(['similarity', '--metric', 'bleu'], { stdin: `${lines[0] ?? ''}\n\n` });
  assert.equal(blank.code, 1);
  assert.match(blank.stderr, /stdin, line 2: not valid JSON/);
});

test('similarity refuses unknown metrics, and a neural metric whose model folder is absent names the folder to provide', async () => {
  const missing = await runCli(['similarity'], { stdin: '' });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /--metric NAME is required/);
  const unknown = await runCli(['similarity', '--metric', 'cider'], { stdin: '' });
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown metric "cider"/);
  const cache = scratchDir('similarity-cache');
  const neural = await runCli(['similarity', '--metric', 'bertscore'], {
    stdin: JSON.stringify(pairs[0]),
    env: { EVAL_ADJUDICATOR_CACHE: cache, HF_ENDPOINT: 'http://127.0.0.1:9' },
  });
  assert.equal(neural.code, 1);
  assert.ok(neural.stderr.includes(join(cache, 'models', 'microsoft', 'deberta-v3-large')), neural.stderr);
  assert.equal(neural.stdout, '');
  const layer = await runCli(['similarity', '--metric', 'bleurt', '--layer', '3'], { stdin: '' });
  assert.equal(layer.code, 2);
  assert.match(layer.stderr, /--layer applies to --metric bertscore/);
  const model = await runCli(['similarity', '--metric', 'chrf', '--model', 'x'], { stdin: '' });
  assert.equal(model.code, 2);
  const help = await runCli(['help', 'similarity']);
  assert.match(help.stdout, /^Usage: eval-adjudicator similarity --metric NAME/);
  assert.match((await runCli(['--help'])).stdout, /similarity {2}similarity scores/);
});
