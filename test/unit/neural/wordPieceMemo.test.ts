import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseKalahiCsv } from '../../../src/core/benchmarks/kalahi/dataset';
import { parseYokaiEval } from '../../../src/core/benchmarks/yokaieval/dataset';
import { readModelFolder } from '../../../src/core/runtimes/onnx/modelFolder';
import { loadModelTokenizer } from '../../../src/core/runtimes/onnx/modelTokenizer';
import { loadTokenizers } from '../../../src/core/runtimes/onnx/tokenizerRuntime';
import { rememberWordPieces } from '../../../src/core/runtimes/onnx/wordPieceMemo';
import { requireSharedFile, sharedDataDir } from '../../helpers/sharedData';
import { TINY_BLEURT, TINY_ENCODER } from './fixtures';

const KALAHI = join(sharedDataDir, 'kalahi', 'filipino.csv');
const YOKAI = join(sharedDataDir, 'yokaieval', 'YokaiEval.json');

/** Every Filipino and Japanese text of both benchmarks: the words a run meets, many of them again and again. */
function benchmarkTexts(): string[] {
  const kalahi = parseKalahiCsv(readFileSync(KALAHI, 'utf8'), KALAHI).flatMap((item) => [
    item.record.prompt,
    ...item.relevant,
    ...item.irrelevant,
  ]);
  const yokai = parseYokaiEval(readFileSync(YOKAI, 'utf8'), YOKAI).flatMap((item) => [item.record.question, ...item.record.choices]);
  return [...kalahi, ...yokai];
}

/** A Unigram (SentencePiece-like) and a BPE tokenizer.json, small, over the texts' own characters. */
function otherModels(texts: readonly string[]): Record<string, object> {
  const chars = [...new Set(texts.join('').replace(/\s/g, ''))];
  const words = ['ang', 'ng', 'sa', 'mga', 'na', 'ay', 'ka', 'ko', 'mo', 'ako', 'hindi', 'の', 'は', '妖怪'];
  const empty = { normalizer: null, post_processor: null, decoder: null, added_tokens: [] };
  const unigram = {
    ...empty,
    pre_tokenizer: { type: 'Metaspace', replacement: '▁', prepend_scheme: 'always', split: true },
    model: {
      type: 'Unigram',
      unk_id: 0,
      byte_fallback: false,
      vocab: [
        ['<unk>', 0],
        ['▁', -2],
        ...chars.map((c) => [c, -6]),
        ...words.flatMap((w) => [
          [w, -3],
          [`▁${w}`, -2.5],
        ]),
      ],
    },
  };
  const pairs: [string, string][] = [
    ['a', 'n'],
    ['n', 'g'],
    ['an', 'g'],
    ['m', 'a'],
    ['s', 'a'],
    ['k', 'a'],
    ['ka', 'ng'],
  ];
  const vocab = [...chars, ...new Set(pairs.map(([a, b]) => a + b)), 'a', 'n', 'g', 'm', 's', 'k', '[UNK]'];
  const bpe = {
    ...empty,
    pre_tokenizer: { type: 'Whitespace' },
    model: {
      type: 'BPE',
      unk_token: '[UNK]',
      ignore_merges: false,
      vocab: Object.fromEntries([...new Set(vocab)].map((t, i) => [t, i])),
      merges: pairs.map(([a, b]) => `${a} ${b}`),
    },
  };
  return { Unigram: unigram, BPE: bpe };
}

test("a tokenizer that remembers each word's pieces gives the library's own ids for every text of both benchmarks, met once and again", async (t) => {
  if (!requireSharedFile(t, KALAHI) || !requireSharedFile(t, YOKAI)) return;
  const { Tokenizer } = await loadTokenizers();
  const texts = benchmarkTexts();
  const compared: string[] = [];
  for (const dir of [TINY_ENCODER, TINY_BLEURT]) {
    const folder = readModelFolder(dir, 'test');
    const remembering = await loadModelTokenizer(folder);
    assert.ok(Object.hasOwn(remembering.tokenizer.model ?? {}, 'encode'), `${dir}: the memo is in place`);
    const plain = new Tokenizer(folder.tokenizerJson as object, folder.tokenizerConfig);
    for (const pass of ['first', 'second']) {
      for (const text of texts)
        assert.deepEqual(remembering.content(text), plain.encode(text, { add_special_tokens: false }).ids, `${dir}, ${pass} pass: ${text}`);
    }
    compared.push(dir);
  }
  for (const [type, json] of Object.entries(otherModels(texts))) {
    const remembering = new Tokenizer(json, {});
    rememberWordPieces(remembering.model);
    assert.ok(Object.hasOwn(remembering.model ?? {}, 'encode'), `${type}: the memo is in place`);
    const plain = new Tokenizer(json, {});
    let pieces = 0;
    for (const pass of ['first', 'second']) {
      for (const text of texts) {
        const expected = plain.encode(text, { add_special_tokens: false }).ids;
        pieces += expected.length;
        assert.deepEqual(remembering.encode(text, { add_special_tokens: false }).ids, expected, `${type}, ${pass} pass: ${text}`);
      }
    }
    assert.ok(pieces > texts.length, `${type}: the texts gave pieces`);
    compared.push(type);
  }
  assert.equal(compared.length, 4);
});
