/**
 * JSON as Python's json module (and pydantic with `ser_json_inf_nan="constants"`) writes it: the bare
 * tokens NaN, Infinity and -Infinity may stand where a number does. They are read as the numbers, and
 * written back as the same tokens, so a log read and written keeps them.
 */
const NON_FINITE = /(?<prefix>[[:,]\s*)(?<token>-?Infinity|NaN)(?=\s*[,\]}])/g;
const MARK = '~~python-json-non-finite~~';

function markNonFinite(text: string): string {
  // Only outside strings: split on string literals and replace in the gaps.
  const parts = text.split(/("(?:[^"\\]|\\.)*")/);
  return parts
    .map((part, i) => (i % 2 === 1 ? part : part.replace(NON_FINITE, (_m, prefix: string, token: string) => `${prefix}"${MARK}${token}"`)))
    .join('');
}

function restore(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!value.startsWith(MARK)) return value;
    const token = value.slice(MARK.length);
    return token === 'NaN' ? Number.NaN : token === 'Infinity' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) value[i] = restore(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = restore(record[key]);
  }
  return value;
}

export function parsePythonJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
    return restore(JSON.parse(markNonFinite(text)));
  }
}

export function stringifyPythonJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(
    value,
    (_key, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? `${MARK}${Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity'}` : v,
    indent,
  );
  return text.includes(MARK) ? text.replace(new RegExp(`"${MARK}(NaN|Infinity|-Infinity)"`, 'g'), '$1') : text;
}
