import * as z from 'zod';

// Echoed log-probs come as arrays of thousands of entries per reply: a zod schema per element costs more
// than the rest of the reply's handling. These check each array with one plain loop.

function arrayOf(check: (value: unknown) => boolean, what: string): z.ZodType<unknown[]> {
  return z.custom<unknown[]>((value) => {
    if (!Array.isArray(value)) return false;
    for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
    return true;
  }, `expected an array of ${what}`);
}

export const stringArray = arrayOf((v) => typeof v === 'string', 'strings') as z.ZodType<string[]>;
export const numberArray = arrayOf((v) => typeof v === 'number' && Number.isFinite(v), 'numbers') as z.ZodType<number[]>;
/** Numbers or null (the first echoed token has no log-prob). */
export const nullableNumberArray = arrayOf(
  (v) => v === null || (typeof v === 'number' && Number.isFinite(v)),
  'numbers or nulls',
) as z.ZodType<(number | null)[]>;
