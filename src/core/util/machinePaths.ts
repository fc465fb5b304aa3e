import { posix, win32 } from 'node:path';

/** Whether a string is an absolute path of some machine (POSIX, a Windows drive, a UNC share): not a URL, not text. */
export function isMachinePath(text: string): boolean {
  if (/[\r\n]/.test(text)) return false;
  return (text.length > 1 && posix.isAbsolute(text)) || /^[A-Za-z]:[\\/]/.test(text) || /^\\\\[^\\]/.test(text);
}

/**
 * A copy in which every string that is an absolute path is its last segment: what a report or an export,
 * made to be shared, may say of the run (a model folder, a template file) without the machine's layout.
 */
export function withoutMachinePaths<T>(value: T): T {
  return scrub(value) as T;
}

function scrub(value: unknown): unknown {
  if (typeof value === 'string') return isMachinePath(value) ? (/^[A-Za-z]:|^\\\\/.test(value) ? win32 : posix).basename(value) : value;
  if (Array.isArray(value)) return value.map(scrub);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, scrub(inner)]));
  return value;
}
