// NLTK 3.8 PorterStemmer in its default mode, NLTK_EXTENSIONS, step by step as nltk/stem/porter.py writes it
// (which departs from the 1980 paper and from Martin Porter's own versions: the irregular-forms pool,
// 'ies'/'ied' on four-letter words, the y->i condition, 'alli' first, 'fulli', 'logi', the two-letter cvc).

const IRREGULAR_FORMS: Readonly<Record<string, readonly string[]>> = {
  sky: ['sky', 'skies'],
  die: ['dying'],
  lie: ['lying'],
  tie: ['tying'],
  news: ['news'],
  inning: ['innings', 'inning'],
  outing: ['outings', 'outing'],
  canning: ['cannings', 'canning'],
  howe: ['howe'],
  proceed: ['proceed'],
  exceed: ['exceed'],
  succeed: ['succeed'],
};

const POOL = new Map<string, string>(
  Object.entries(IRREGULAR_FORMS).flatMap(([stem, forms]) => forms.map((form): [string, string] => [form, stem])),
);

function isVowelLetter(ch: string | undefined): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

function isConsonant(word: string, i: number): boolean {
  const ch = word[i];
  if (isVowelLetter(ch)) return false;
  if (ch === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAbove1 = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** Condition *o, with NLTK's extension for two-letter stems (vowel then consonant). */
function endsCvc(word: string): boolean {
  const n = word.length;
  const last = word[n - 1];
  return (
    (n >= 3 &&
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      last !== 'w' &&
      last !== 'x' &&
      last !== 'y') ||
    (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
  );
}

/** [suffix, replacement, condition on the stem without the suffix]; '*d' is the double-consonant rule. */
type Rule = readonly [string, string, ((stem: string) => boolean) | null];

/** NLTK's _apply_rule_list: the first rule whose suffix matches decides, whether or not its condition holds. */
function applyRuleList(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRuleList(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let intermediate: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, -suffix.length);
      if (containsVowel(candidate)) {
        intermediate = candidate;
        break;
      }
    }
  }
  if (intermediate === undefined) return word;
  const stem = intermediate;
  const lastLetter = stem.slice(-1);
  return applyRuleList(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', lastLetter, () => lastLetter !== 'l' && lastLetter !== 's' && lastLetter !== 'z'],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRuleList(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  return applyRuleList(word, [
    ['ational', 'ate', positiveMeasure],
    ['tional', 'tion', positiveMeasure],
    ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure],
    ['izer', 'ize', positiveMeasure],
    ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure],
    ['entli', 'ent', positiveMeasure],
    ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure],
    ['ization', 'ize', positiveMeasure],
    ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure],
    ['alism', 'al', positiveMeasure],
    ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure],
    ['ousness', 'ous', positiveMeasure],
    ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure],
    ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure],
    // The 'l' of 'logi' stays with the stem for the measure, so 'geo'/'theo' work like 'archaeo'.
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRuleList(word, [
    ['icate', 'ic', positiveMeasure],
    ['ative', '', positiveMeasure],
    ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure],
    ['ical', 'ic', positiveMeasure],
    ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyRuleList(word, [
    ['al', '', measureAbove1],
    ['ance', '', measureAbove1],
    ['ence', '', measureAbove1],
    ['er', '', measureAbove1],
    ['ic', '', measureAbove1],
    ['able', '', measureAbove1],
    ['ible', '', measureAbove1],
    ['ant', '', measureAbove1],
    ['ement', '', measureAbove1],
    ['ment', '', measureAbove1],
    ['ent', '', measureAbove1],
    ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
    ['ou', '', measureAbove1],
    ['ism', '', measureAbove1],
    ['ate', '', measureAbove1],
    ['iti', '', measureAbove1],
    ['ous', '', measureAbove1],
    ['ive', '', measureAbove1],
    ['ize', '', measureAbove1],
  ]);
}

function step5a(word: string): string {
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1) return stem;
    if (m === 1 && !endsCvc(stem)) return stem;
  }
  return word;
}

function step5b(word: string): string {
  return applyRuleList(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

function applySteps(word: string): string {
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(word))))))));
}

// Python indexes strings by code point. Each astral character (two UTF-16 units) stands in as one private-use
// BMP character while stemming: they are consonants to Porter, and only ASCII suffixes are ever removed.
const ASTRAL = /[\ud800-\udbff][\udc00-\udfff]/g;
const HAS_ASTRAL = /[\ud800-\udbff][\udc00-\udfff]/;

function withAstralAsBmp(word: string, stem: (w: string) => string): string {
  if (!HAS_ASTRAL.test(word)) return stem(word);
  const toBmp = new Map<string, string>();
  const fromBmp = new Map<string, string>();
  let next = 0xe000;
  const taken = new Set(word);
  const mapped = word.replace(ASTRAL, (ch) => {
    let sub = toBmp.get(ch);
    if (sub === undefined) {
      while (taken.has(String.fromCharCode(next))) next++;
      sub = String.fromCharCode(next++);
      toBmp.set(ch, sub);
      fromBmp.set(sub, ch);
    }
    return sub;
  });
  return Array.from(stem(mapped), (ch) => fromBmp.get(ch) ?? ch).join('');
}

/** Python's len(): code points, a surrogate pair counting once. */
function codePointLength(word: string): number {
  return word.length - (word.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);
}

/**
 * NLTK 3.8 `PorterStemmer().stem(word)` in mode NLTK_EXTENSIONS. As there, the pool and the length test look at
 * the word as given, the steps at its lowercase form.
 */
export function porterStem(word: string): string {
  const pooled = POOL.get(word);
  if (pooled !== undefined) return pooled;
  const lower = word.toLowerCase();
  if (codePointLength(word) <= 2) return lower;
  return withAstralAsBmp(lower, applySteps);
}
