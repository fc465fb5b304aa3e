// Low-level HTTP helpers: reading bodies, and writing what the server decided to answer.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** What the server answers (or does instead of answering). */
export type Outcome =
  | { type: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { type: 'text'; status: number; text: string; headers?: Record<string, string> }
  | { type: 'drop' }
  | { type: 'hang' };

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLargeError(`body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const SECRET_HEADERS = new Set(['authorization', 'api-key', 'x-api-key', 'proxy-authorization', 'cookie']);

/** Request headers without credentials, multi-valued ones joined with ", ". */
export function safeHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (SECRET_HEADERS.has(name) || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The API key a request carries (Bearer token or Azure api-key header), or null. */
export function apiKeyOf(headers: IncomingHttpHeaders): string | null {
  const auth = headers['authorization'];
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.*)$/i.exec(auth);
    return m?.[1] ?? auth;
  }
  const key = headers['api-key'];
  return typeof key === 'string' ? key : null;
}

export function canWrite(res: ServerResponse): boolean {
  return !res.destroyed && res.socket !== null && !res.socket.destroyed;
}

/** Writes a JSON or text outcome; returns false when the client had already gone. */
export function writeOutcome(
  res: ServerResponse,
  outcome: Extract<Outcome, { type: 'json' | 'text' }>,
  extraHeaders: Record<string, string>,
): boolean {
  if (!canWrite(res)) return false;
  const text = outcome.type === 'json' ? JSON.stringify(outcome.body) : outcome.text;
  res.writeHead(outcome.status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...extraHeaders,
    ...outcome.headers,
  });
  res.end(text);
  return true;
}
