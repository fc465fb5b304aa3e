import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AlignmentError, continuationOf } from '../../../src/core/backends/continuation';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, renderMcTemplate, templateFromFile } from '../../../src/core/backends/mcPromptTemplate';

const prompt = 'Ano? 😀 Sagot';
const tokens = ['Ano', '?', ' 😀', ' Sag', 'ot', ' x'];
const logprobs = [null, -1, -2, -3, -4, -5];
const utf16 = [0, 3, 4, 7, 11, 13];

test('token starts come from the token texts when they spell the prompt; generated tokens are ignored', () => {
  const c = continuationOf(prompt, prompt.indexOf('Sagot') - 1, { tokens, logprobs, offsets: [0, 0, 0, 0, 0, 0] });
  assert.equal(c.method, 'token-text');
  assert.deepEqual(c.logprobs, [-3, -4], 'the generated " x" after the prompt is left out');
  assert.equal(c.straddled, false);
});

test('a token that starts before the reference and ends inside it is not counted, and is reported', () => {
  const c = continuationOf(prompt, prompt.indexOf('Sagot'), { tokens, logprobs, offsets: utf16 });
  assert.deepEqual(c.logprobs, [-4]);
  assert.equal(c.straddled, true);
});

test('when the tokens do not spell the prompt, text_offset is read in the unit under which they match', () => {
  // Byte-level tokens: the emoji comes as two pieces that are not its text.
  const odd = ['Ano', '?', ' \\xf0\\x9f', '\\x98\\x80', ' Sag', 'ot'];
  const lps = [null, -1, -2, -2.5, -3, -4];
  const asCodepoints = continuationOf(prompt, prompt.indexOf(' Sagot'), { tokens: odd, logprobs: lps, offsets: [0, 3, 4, 5, 6, 10] });
  assert.equal(asCodepoints.method, 'offset-codepoint');
  assert.deepEqual(asCodepoints.logprobs, [-3, -4]);
  const asUtf16 = continuationOf(prompt, prompt.indexOf(' Sagot'), { tokens: odd, logprobs: lps, offsets: [0, 3, 4, 6, 7, 11] });
  assert.equal(asUtf16.method, 'offset-utf16');
  assert.deepEqual(asUtf16.logprobs, [-3, -4]);
});

test('tokens that match the prompt nowhere (echo ignored) cannot be aligned', () => {
  assert.throws(() => continuationOf(prompt, 5, { tokens: [' Oo', ' po'], logprobs: [-1, -2], offsets: [0, 3] }), AlignmentError);
  assert.throws(() => continuationOf(prompt, 5, { tokens: [' Oo'], logprobs: [-1], offsets: null }), AlignmentError);
  assert.throws(() => continuationOf(prompt, 5, { tokens: ['a', 'b'], logprobs: [-1], offsets: null }), /2 tokens but 1/);
});

test('templates: {prompt} then {reference}, braces escaped, one final newline of a file dropped', () => {
  const plain = renderMcTemplate(parseMcTemplate(DEFAULT_MC_TEMPLATE, 'default'), 'Tanong?', 'Sagot.');
  assert.deepEqual(plain, { text: 'Tanong?\nSagot.', referenceStart: 8 });
  const custom = renderMcTemplate(parseMcTemplate('Q: {prompt} {{x}}\nA: {reference}</s>', 't'), '{reference}', 'B.');
  assert.deepEqual(custom, { text: 'Q: {reference} {x}\nA: B.</s>', referenceStart: 22 }, 'substituted text is never scanned again');
  assert.equal(templateFromFile('{prompt}\n{reference}\n'), '{prompt}\n{reference}');
  assert.equal(templateFromFile('{prompt}\n{reference}\n\n'), '{prompt}\n{reference}\n');
  assert.throws(() => parseMcTemplate('{reference} {prompt}', 't.txt'), /t\.txt: \{prompt\} must come before \{reference\}/);
  assert.throws(() => parseMcTemplate('{prompt}', 't.txt'), /needs \{prompt\} once and \{reference\} once \(found 1 and 0\)/);
  assert.throws(() => parseMcTemplate('{prompt} {answer} {reference}', 't.txt'), /unknown or unclosed placeholder at offset 9/);
  assert.throws(() => parseMcTemplate('{prompt} } {reference}', 't.txt'), /single '\}' at offset 9/);
});
