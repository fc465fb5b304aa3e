import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** JSON with object keys sorted at every level: equal values always give equal text (cache keys, hashes). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/** The sha256 of a file, read a chunk at a time (a log can be larger than memory). */
export function sha256File(path: string): string {
  const hash = createHash('sha256');
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 22);
    for (let got = readSync(fd, chunk); got > 0; got = readSync(fd, chunk)) hash.update(chunk.subarray(0, got));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
