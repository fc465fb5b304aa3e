import { pySplit } from './pythonText';

// sacrebleu's Tokenizer13a (mteval-v13a) followed by TokenizerRegexp. Python's re on str matches code points,
// hence the u flag; the character classes are written as code ranges because u forbids escapes like \~.
const SYMBOLS = /([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/gu;
const PERIOD_COMMA_AFTER_NON_DIGIT = /([^0-9])([.,])/gu;
const PERIOD_COMMA_BEFORE_NON_DIGIT = /([.,])([^0-9])/gu;
const DASH_AFTER_DIGIT = /([0-9])(-)/gu;

/** The 13a tokens of a line (sacrebleu returns them joined by single spaces). */
export function tokenize13a(text: string): string[] {
  let line = text.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (line.includes('&')) {
    line = line.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  }
  line = ` ${line} `
    .replace(SYMBOLS, ' $1 ')
    .replace(PERIOD_COMMA_AFTER_NON_DIGIT, '$1 $2 ')
    .replace(PERIOD_COMMA_BEFORE_NON_DIGIT, ' $1 $2')
    .replace(DASH_AFTER_DIGIT, '$1 $2 ');
  return pySplit(line);
}
