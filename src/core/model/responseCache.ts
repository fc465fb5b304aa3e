import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { canonicalJson, sha256Hex } from '../util/hash';

export const CachedReplySchema = z.object({
  content: z.string(),
  finishReason: z.string().nullable(),
  usage: z.object({ promptTokens: z.number(), completionTokens: z.number() }).nullable(),
  servedModel: z.string().nullable(),
  systemFingerprint: z.string().nullable(),
});
export type CachedReply = z.infer<typeof CachedReplySchema>;

const CacheEntrySchema = z.object({ formatVersion: z.literal(1), key: z.string(), reply: CachedReplySchema });

/**
 * Model replies on disk, keyed by the hash of the whole request (endpoint, model, messages, parameters and a
 * sample index, so repeated asks can differ). Requests hold no key, so neither does the cache.
 */
export class ResponseCache {
  constructor(private readonly dir: string) {}

  static keyOf(request: unknown): string {
    return sha256Hex(canonicalJson(request));
  }

  get(key: string): CachedReply | undefined {
    const path = this.pathOf(key);
    if (!existsSync(path)) return undefined;
    try {
      const entry = CacheEntrySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
      return entry.success && entry.data.key === key ? entry.data.reply : undefined;
    } catch {
      return undefined; // a damaged entry is a miss, and the next put replaces it
    }
  }

  put(key: string, reply: CachedReply): void {
    const path = this.pathOf(key);
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    writeFileSync(temporary, JSON.stringify({ formatVersion: 1, key, reply }));
    renameSync(temporary, path);
  }

  private pathOf(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
