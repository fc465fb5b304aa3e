import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { metricVectorsDir, requireSharedFile } from '../../helpers/sharedData';
import { getSimilarityMetric, LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';

// Reference values computed with sacrebleu 2.x and rouge-score (how, in docs/metrics.md: Reference values).
const vectorsPath = join(metricVectorsDir, 'similarity.jsonl');
const TOLERANCE = 1e-6;

interface Row {
  readonly hypothesis: string;
  readonly reference: string;
  readonly [metric: string]: unknown;
}

function readRows(): Row[] {
  return readFileSync(vectorsPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

for (const name of LEXICAL_METRIC_NAMES) {
  test(`${name} matches the reference implementation on every row of similarity.jsonl`, (t) => {
    if (!requireSharedFile(t, vectorsPath)) return;
    const rows = readRows();
    assert.equal(rows.length, 150);
    const metric = getSimilarityMetric(name);
    let maxError = 0;
    rows.forEach((row, index) => {
      const expected = row[name];
      assert.equal(typeof expected, 'number', `row ${index} has no ${name}`);
      const actual = metric.score(row.hypothesis, row.reference);
      const error = Math.abs(actual - (expected as number));
      maxError = Math.max(maxError, error);
      assert.ok(
        error <= TOLERANCE,
        `row ${index}: ${name} = ${actual}, expected ${String(expected)}\n` +
          `hypothesis: ${JSON.stringify(row.hypothesis)}\nreference: ${JSON.stringify(row.reference)}`,
      );
    });
    t.diagnostic(`max abs error ${maxError}`);
  });
}

test('rouge-lsum takes the reference as the target: swapping the sides changes some rows', (t) => {
  if (!requireSharedFile(t, vectorsPath)) return;
  const metric = getSimilarityMetric('rouge-lsum');
  const swappedDiffers = readRows().filter(
    (row) => Math.abs(metric.score(row.reference, row.hypothesis) - (row['rouge-lsum'] as number)) > TOLERANCE,
  );
  assert.ok(swappedDiffers.length > 0);
});
