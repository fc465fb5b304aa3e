// Python's str.split()/strip() split on str.isspace() characters, which differ from JS's \s: Python adds
// U+001C..U+001F and U+0085, JS adds U+FEFF.
const PY_WHITESPACE_CLASS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const NON_WHITESPACE_RUNS = new RegExp(`[^${PY_WHITESPACE_CLASS}]+`, 'g');
const WHITESPACE_RUNS = new RegExp(`[${PY_WHITESPACE_CLASS}]+`, 'g');
const TRAILING_WHITESPACE = new RegExp(`[${PY_WHITESPACE_CLASS}]+$`);

/** Python's `s.split()`. */
export function pySplit(s: string): string[] {
  return s.match(NON_WHITESPACE_RUNS) ?? [];
}

/** Python's `''.join(s.split())`. */
export function pyRemoveWhitespace(s: string): string {
  return s.replace(WHITESPACE_RUNS, '');
}

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  return s.replace(TRAILING_WHITESPACE, '');
}

const LEADING_WHITESPACE = new RegExp(`^[${PY_WHITESPACE_CLASS}]+`);

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  return pyRstrip(s).replace(LEADING_WHITESPACE, '');
}
