import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getSimilarityMetric, isMetricName, isTextMetricName, LEXICAL_METRIC_NAMES } from '../../../src/core/metrics/registry';
import { isModelBackedMetricName, METRIC_NAMES, MODEL_BACKED_METRIC_NAMES, notComputed } from '../../../src/core/metrics/similarityMetric';

test('the lexical metrics are the seven, in the paper order', () => {
  assert.deepEqual(LEXICAL_METRIC_NAMES, ['chrf', 'chrf++', 'bleu', 'rouge-1', 'rouge-2', 'rouge-l', 'rouge-lsum']);
});

test('every lexical metric is registered under its name, once', () => {
  for (const name of LEXICAL_METRIC_NAMES) {
    const metric = getSimilarityMetric(name);
    assert.equal(metric.name, name);
    assert.ok(metric.description.length > 0);
    assert.equal(getSimilarityMetric(name), metric);
  }
});

test('a MetricName without an implementation throws a clear error', () => {
  for (const name of METRIC_NAMES) {
    if ((LEXICAL_METRIC_NAMES as readonly string[]).includes(name) || !isTextMetricName(name)) continue;
    // 'meteor' is registered separately; until then it must throw rather than return anything.
    try {
      assert.equal(getSimilarityMetric(name).name, name);
    } catch (error) {
      assert.ok(error instanceof Error);
      assert.match(error.message, new RegExp(`'${name}' is not implemented yet`));
    }
  }
});

test('isMetricName accepts exactly the metric names', () => {
  for (const name of METRIC_NAMES) assert.equal(isMetricName(name), true);
  for (const s of ['', 'CHRF', 'chrf+', 'rougeL', 'rougeLsum', 'BERTScore', 'bleurt-20', 'rouge-l ']) {
    assert.equal(isMetricName(s), false, s);
  }
});

test('model-backed metrics are metric names but not text metrics, and are reported as not computed when not asked for', () => {
  for (const name of MODEL_BACKED_METRIC_NAMES) {
    assert.equal(isMetricName(name), true);
    assert.equal(isTextMetricName(name), false);
    assert.equal(isModelBackedMetricName(name), true);
    const result = notComputed(name);
    assert.equal(result.computed, false);
    assert.equal(result.name, name);
    assert.match(result.reason, /model/);
  }
  assert.equal(isModelBackedMetricName('chrf'), false);
});

test('identical texts score 1 and every score lies in 0..1', () => {
  const text = 'Magmano ka sa iyong lola bilang paggalang sa kanya.';
  for (const name of LEXICAL_METRIC_NAMES) {
    const metric = getSimilarityMetric(name);
    assert.equal(metric.score(text, text), 1, name);
    for (const [h, r] of [
      ['Magmano ka.', text],
      [text, 'Hindi.'],
      ['', text],
      [text, ''],
      ['', ''],
    ] as const) {
      const s = metric.score(h, r);
      assert.ok(s >= 0 && s <= 1, `${name}(${h}, ${r}) = ${s}`);
    }
  }
});

test('an empty hypothesis or an empty reference scores 0 on every metric', () => {
  for (const name of LEXICAL_METRIC_NAMES) {
    const metric = getSimilarityMetric(name);
    assert.equal(metric.score('', 'Mag-ingat ka palagi.'), 0, name);
    assert.equal(metric.score('Mag-ingat ka palagi.', ''), 0, name);
    assert.equal(metric.score('', ''), 0, name);
    assert.equal(metric.score('   \n ', 'Mag-ingat ka palagi.'), 0, name);
  }
});
