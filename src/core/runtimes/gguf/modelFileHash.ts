import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';

const CacheSchema = z.record(z.string(), z.object({ mtimeMs: z.number(), size: z.number(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }));
type HashCache = z.infer<typeof CacheSchema>;

const CACHE_FILE = 'model-file-sha256.json';

export interface ModelFileHash {
  readonly sha256: string;
  readonly size: number;
  /** Taken from the cache (same path, mtime and size) rather than read again. */
  readonly cached: boolean;
}

/**
 * The sha256 of a model file (gigabytes: read once), remembered in the per-user cache by path, mtime
 * and size so that the next run, or a resume, takes it from there.
 */
export async function modelFileSha256(path: string, cacheDir: string, signal?: AbortSignal): Promise<ModelFileHash> {
  const stat = statSync(path);
  const cacheFile = join(cacheDir, CACHE_FILE);
  const cache = readCache(cacheFile);
  const known = cache[path];
  if (known !== undefined && known.mtimeMs === stat.mtimeMs && known.size === stat.size)
    return { sha256: known.sha256, size: stat.size, cached: true };
  const hash = createHash('sha256');
  const stream = createReadStream(path, { highWaterMark: 4 << 20, ...(signal !== undefined ? { signal } : {}) });
  for await (const chunk of stream) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  // Read again: another run may have added entries meanwhile.
  const fresh = { ...readCache(cacheFile), [path]: { mtimeMs: stat.mtimeMs, size: stat.size, sha256 } };
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(fresh, null, 1)}\n`);
    renameSync(temporary, cacheFile);
  } catch {
    // A cache that cannot be written only costs a re-read next time.
  }
  return { sha256, size: stat.size, cached: false };
}

function readCache(file: string): HashCache {
  try {
    const parsed = CacheSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
