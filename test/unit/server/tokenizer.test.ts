import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PIECE_CODE_POINTS, mulberry32, tokenLogprob, tokenLogprobs, tokenOffsets, tokenize } from '../../server';

test('tokens concatenate to the text for many kinds of text', () => {
  const samples = [
    '',
    ' ',
    '\n\n',
    'a',
    '  leading and trailing  ',
    'Ako ay isang guro.\r\nAno ang dapat kong gawin?',
    '日本の妖怪で、川に住むものはどれか。\n- 河童\n- 天狗',
    'supercalifragilisticexpialidocious',
    'naïve café (e\u0301) 👩‍👩‍👧 🇵🇭',
    'lone \ud800 surrogate',
  ];
  const rand = mulberry32(7);
  const alphabet = ['a', 'Z', ' ', '\n', '\t', '.', ',', '妖', '怪', '😀', '\u0301', '1', '-', '\r'];
  for (let i = 0; i < 300; i++) {
    samples.push(Array.from({ length: Math.floor(rand() * 40) }, () => alphabet[Math.floor(rand() * alphabet.length)] ?? '').join(''));
  }
  for (const text of samples) {
    const tokens = tokenize(text);
    assert.equal(tokens.join(''), text, JSON.stringify(text));
    assert.ok(tokens.every((t) => t.length > 0));
    for (const t of tokens) {
      const word = t.replace(/^\s+/u, '');
      assert.ok(Array.from(word).length <= MAX_PIECE_CODE_POINTS || /^\s+$/u.test(t), JSON.stringify(t));
    }
  }
});

test('words keep their leading whitespace; long words are split in pieces of 4', () => {
  assert.deepEqual(tokenize('Magandang umaga po.'), ['Maga', 'ndan', 'g', ' umag', 'a', ' po', '.']);
  assert.deepEqual(tokenize('  a  '), ['  a', '  ']);
  assert.deepEqual(tokenOffsets(['ab', ' c', 'd']), [0, 2, 4]);
});

test('tokenLogprobs equals tokenLogprob on each prefix; the formula is FNV-1a based', () => {
  const text = 'Ano ang tamang gawin? Sagot: Igalang.';
  const tokens = tokenize(text);
  const incremental = tokenLogprobs(tokens);
  let prefix = '';
  tokens.forEach((t, i) => {
    assert.equal(incremental[i], tokenLogprob(prefix, t));
    prefix += t;
  });
  // Independent FNV-1a-32 over UTF-16 code units.
  const fnv = (s: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  };
  const h = fnv('Ano\u0000 ang');
  assert.ok(Math.abs(tokenLogprob('Ano', ' ang') - -(0.05 + (h % 1000) / 250)) < 1e-12);
});
