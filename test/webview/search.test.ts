import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { findTermRanges, foldText, queryTerms } from '../../webview/textSearch';
import { overlapRanges } from '../../webview/wordOverlap';
import { KALAHI_RUN, header, init, item, kalahiDetail, kalahiRows, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, searchFor as search, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const ids = (mounted: Mounted): string[] => Array.from({ length: mounted.app.store.size }, (_, p) => mounted.app.store.rowAt(p)?.id ?? '');
const marks = (root: ParentNode | null): string[] =>
  Array.from(root?.querySelectorAll('mark.search-hit') ?? []).map((e) => e.textContent ?? '');

describe('text search: folding', () => {
  test('Japanese: NFKC (half-width, full-width), katakana as hiragana, voicing marks kept', () => {
    assert.equal(foldText('カッパ'), foldText('かっぱ'));
    assert.equal(foldText('ｶｯﾊﾟ'), foldText('かっぱ'), 'half-width katakana with its sound mark');
    assert.equal(foldText('ＡＢＣ１２３'), 'abc123');
    assert.notEqual(foldText('か'), foldText('が'), 'dakuten is not a diacritic to drop');
    assert.notEqual(foldText('はし'), foldText('ばし'));
    assert.equal(foldText('ヴ'), foldText('ゔ'));
  });

  test('Filipino: case and diacritics folded', () => {
    assert.equal(foldText('PAGMAMANÓ'), 'pagmamano');
    assert.equal(foldText('Niño'), 'nino');
    assert.equal(foldText('Mañanita'), foldText('mananita'));
    assert.deepEqual(queryTerms('  Lola   magmano '), ['lola', 'magmano']);
  });

  test('match ranges are in the original text, across folding that changes lengths', () => {
    assert.deepEqual(findTermRanges('妖怪カッパが出た', queryTerms('かっぱ')), [[2, 5]]);
    assert.deepEqual(findTermRanges('ｶｯﾊﾟの話', queryTerms('カッパ')), [[0, 4]]);
    assert.deepEqual(findTermRanges('Magmanó sa Lola, magmano!', queryTerms('magmano')), [
      [0, 7],
      [17, 24],
    ]);
    assert.deepEqual(findTermRanges('ﬁsh', queryTerms('fi')), [[0, 1]], 'a ligature that folds to two letters');
  });

  test('word overlap skips function words and folds case and accents', () => {
    const text = 'Dapat kang MAGMANÓ sa iyong Lola.';
    assert.deepEqual(
      overlapRanges(text, 'Magmano sa Lola.').map(([s, e]) => text.slice(s, e)),
      ['MAGMANÓ', 'Lola'],
    );
  });
});

describe('review webview: search in Japanese', () => {
  const JA = rows(6, (i) => ({
    label: ['河童が現れる場所', 'カッパの好物', 'ｶｯﾊﾟの皿', '天狗の鼻', 'がっぱ', '鬼火'][i] ?? '',
    search:
      [`河童が現れる場所\n川\n池`, 'カッパの好物\nきゅうり', 'ｶｯﾊﾟの皿', '天狗の鼻\n山', 'がっぱ', `鬼火\n注: kappa に似ている`][i] ?? '',
  }));

  test('hiragana finds katakana and half-width kana, not the voiced がっぱ; matches are highlighted in the labels', async () => {
    m = await mount();
    m.deliver(init({ rows: JA }));
    await search(m, 'かっぱ');
    assert.deepEqual(ids(m), ['1', '2']);
    assert.deepEqual(marks(m.$('#item-row-0 .row-label')), ['カッパ']);
    assert.deepEqual(marks(m.$('#item-row-1 .row-label')), ['ｶｯﾊﾟ']);
    assert.equal(m.$('#item-row-0 .row-label')?.textContent, 'カッパの好物', 'the label text is unchanged');
    await search(m, 'きゅうり');
    assert.deepEqual(ids(m), ['1'], 'beyond the label: the choices and answers');
    await search(m, 'KAPPA');
    assert.deepEqual(ids(m), ['5'], 'notes are searched too, case folded');
    await search(m, '');
    assert.equal(m.app.store.size, 6);
    assert.equal(m.$$('mark.search-hit').length, 0, 'no highlight without a query');
  });

  test('the detail highlights matches in the question, the choices and the response', async () => {
    m = await mount();
    m.deliver(init());
    await search(m, 'アイヌ');
    m.deliver(item(yokaiDetail('0', { gloss: 'Where does Ainu Kaisei appear?' })));
    await m.settle();
    assert.deepEqual(marks(m.$('.question')), ['アイヌ']);
    await search(m, '空家');
    assert.deepEqual(marks(m.$('.question')), []);
    assert.deepEqual(
      m.$$('.choice-text mark.search-hit').map((e) => e.textContent),
      ['空家'],
    );
    assert.deepEqual(marks(m.$('.pane-model .response')), ['空家']);
    await search(m, 'ainu');
    assert.deepEqual(marks(m.$('.gloss')), ['Ainu'], 'the English gloss is searched and highlighted too');
    assert.match(m.$('.question')?.textContent ?? '', /^アイヌカイセイが現れるとされる場所はどこか/, 'the text is unchanged');
  });
});

describe('review webview: search in Filipino', () => {
  test('case and diacritics folded, every word must match, references and the answer highlighted', async () => {
    const data = kalahiRows(4, (i) => ({
      label: ['Nagmano ako sa Lola', 'PAGMAMANÓ sa mga nakatatanda', 'Kumain ng adobo', 'Pista sa bayan'][i] ?? '',
      search:
        ['Nagmano ako sa Lola\nMagmano ka.', 'PAGMAMANÓ sa mga nakatatanda', 'Kumain ng adobo\nHuwag magmano.', 'Pista sa bayan'][i] ?? '',
    }));
    m = await mount();
    m.deliver(init({ run: KALAHI_RUN, rows: data, header: header({ items: 4 }) }));
    await search(m, 'pagmamano');
    assert.deepEqual(ids(m), [data[1]?.id]);
    assert.deepEqual(marks(m.$('#item-row-0 .row-label')), ['PAGMAMANÓ']);
    await search(m, 'magmano');
    assert.deepEqual(ids(m), [data[0]?.id, data[2]?.id]);
    await search(m, 'magmano adobo');
    assert.deepEqual(ids(m), [data[2]?.id], 'all words');
    m.app.store.select(data[2]?.id ?? '');
    m.deliver(
      item(
        kalahiDetail(data[2]?.id ?? '', {
          open: null,
          references: { relevant: ['Magmanó sa Lola.'], irrelevant: ['Kumain ng adobo.'], bestIndex: 0 },
        }),
      ),
    );
    await m.settle();
    assert.deepEqual(marks(m.$('.ref-list-relevant')), ['Magmanó']);
    assert.deepEqual(marks(m.$('.ref-list-irrelevant')), ['adobo']);
    assert.match(textOf(m.$('.list-status')), /1 item shown/);
  });
});
