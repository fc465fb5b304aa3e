import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compareCodePoints,
  extractClassification,
  extractReflection,
  splitCustomId,
} from '../../../src/core/logFormats/seahelm/criteriaJudgeRule';
import { criterionText } from '../../../src/core/logFormats/seahelm/seahelmScores';

// Expected values are what Python 3's re.search and str.strip give for the same strings (criteria_judge_metric.py's patterns).
test("SEA-HELM's reply parsing matches Python's \\s, \\w and strip(), not JavaScript's", () => {
  const reply = '<reflection>\ufeffa\x85</reflection><classification>\x1cCLASS_MET\x1f</classification>';
  assert.equal(extractReflection(reply), '\ufeffa');
  assert.equal(extractClassification(reply), 'CLASS_MET');
  assert.equal(extractClassification('<classification>\ufeffCLASS_MET</classification>'), null);
  assert.equal(extractClassification('<classification>CLASS_MËT²</classification>'), 'CLASS_MËT²');
  assert.equal(extractClassification('<classification>CLASS MET</classification>'), null);
  assert.equal(extractReflection('<reflection>\n  two\nlines \n</reflection>'), 'two\nlines');
  assert.equal(extractClassification(null), null);
});

test("SEA-HELM's custom_ids split and criteria order", () => {
  assert.deepEqual(splitCustomId('0101000100_criteria10'), { id: '0101000100', criterion: 'criteria10' });
  assert.equal(splitCustomId('a_b_criteria0'), null);
  assert.equal(splitCustomId('nounderscore'), null);
  assert.deepEqual(['criteria2', 'criteria10', 'criteria1', 'criteria11', 'criteria0'].sort(compareCodePoints), [
    'criteria0',
    'criteria1',
    'criteria10',
    'criteria11',
    'criteria2',
  ]);
  assert.ok(compareCodePoints('\u{1F600}', '\uFFFF') > 0, 'by code point, not UTF-16 unit');
});

test("a criterion's text is str.format(**prompts[0]) for plain fields, else as written", () => {
  assert.equal(criterionText('Mentions {text}', { text: 'the fiesta' }), 'Mentions the fiesta');
  assert.equal(criterionText('Uses {{braces}} and {n}', { n: 3 }), 'Uses {braces} and 3');
  assert.equal(criterionText('Unknown {field}', { text: 'x' }), 'Unknown {field}');
  assert.equal(criterionText('No fields', {}), 'No fields');
});
