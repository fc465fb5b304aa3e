import { pySplit } from '../pythonText';

// NLTK 3.8 NLTKWordTokenizer.tokenize (what word_tokenize runs on each sentence), applied to the whole text
// without sentence splitting. Python's `re` on str patterns is Unicode-aware where JS is not, so:
// \w -> WORD, \b -> lookarounds on WORD, \d -> \p{Nd}, \s -> Python's str.isspace() set, and `$` (end, or
// before a final newline) -> (?=\n?$).
const WORD = '[\\p{L}\\p{N}_]';
const NOT_AFTER_WORD = `(?<!${WORD})`;
const NOT_BEFORE_WORD = `(?!${WORD})`;
const SPACE = '[\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const END = '(?=\\n?$)';

type Rule = readonly [RegExp, string];

const rule = (pattern: string, replacement: string, flags = ''): Rule => [new RegExp(pattern, `gu${flags}`), replacement];

const STARTING_QUOTES: readonly Rule[] = [
  rule('([«“‘„]|`+)', ' $1 '),
  rule('^"', '``'),
  rule('(``)', ' $1 '),
  rule('([ ([{<])("|\'{2})', '$1 `` '),
  rule(`(')(?!re|ve|ll|m|t|s|d|n)(${WORD})${NOT_BEFORE_WORD}`, '$1 $2', 'i'),
];

const PUNCTUATION: readonly Rule[] = [
  rule(`([^.])(\\.)([\\])}>"'»”’ ]*)${SPACE}*${END}`, '$1 $2 $3 '),
  rule('([:,])([^\\p{Nd}])', ' $1 $2'),
  rule(`([:,])${END}`, ' $1 '),
  rule('\\.{2,}', ' $& '),
  rule('[;@#$%&]', ' $& '),
  rule(`([^.])(\\.)([\\])}>"']*)${SPACE}*${END}`, '$1 $2$3 '),
  rule('[?!]', ' $& '),
  rule("([^'])' ", "$1 ' "),
  rule('[*]', ' $& '),
];

const PARENS_BRACKETS: Rule = rule('[\\][(){}<>]', ' $& ');
const DOUBLE_DASHES: Rule = rule('--', ' -- ');

const ENDING_QUOTES: readonly Rule[] = [
  rule('([»”’])', ' $1 '),
  rule("''", " '' "),
  rule('"', " '' "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", '$1 $2 '),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", '$1 $2 '),
];

// Python's (?i) also matches 'i' with U+0130 and U+0131, which JavaScript's case folding does not.
const I = '[iİı]';

// MacIntyre's contractions (CONTRACTIONS2 then CONTRACTIONS3), each case-insensitive, replaced by ' $1 $2 '.
const CONTRACTIONS: readonly Rule[] = [
  `${NOT_AFTER_WORD}(can)(not)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(d)('ye)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(g${I}m)(me)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(gon)(na)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(got)(ta)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(lem)(me)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(more)('n)${NOT_BEFORE_WORD}`,
  `${NOT_AFTER_WORD}(wan)(na)(?=${SPACE})`,
  ` ('t)(${I}s)${NOT_BEFORE_WORD}`,
  ` ('t)(was)${NOT_BEFORE_WORD}`,
].map((pattern) => rule(pattern, ' $1 $2 ', 'i'));

function applyAll(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}

/** NLTK 3.8 `NLTKWordTokenizer().tokenize(text)`: Treebank-style tokens, no sentence splitting. */
export function nltkWordTokenize(text: string): string[] {
  let out = applyAll(text, STARTING_QUOTES);
  out = applyAll(out, PUNCTUATION);
  out = applyAll(out, [PARENS_BRACKETS, DOUBLE_DASHES]);
  out = applyAll(` ${out} `, ENDING_QUOTES);
  out = applyAll(out, CONTRACTIONS);
  return pySplit(out);
}
