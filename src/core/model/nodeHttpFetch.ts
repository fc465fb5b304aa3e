import { type IncomingMessage, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { BufferedResponse } from './bufferedResponse';

// Kept-alive connections shared by every client of the process: a run reuses its sockets request after request.
const httpAgent = new HttpAgent({ keepAlive: true });
const httpsAgent = new HttpsAgent({ keepAlive: true });

const NO_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

/**
 * fetch for the openai client over node:http with keep-alive agents: the same requests for a good deal less
 * CPU than the global fetch (undici's streams and body mixins cost more than the request itself on a fast
 * local server). Bodies are strings or bytes (JSON requests); anything else goes to the global fetch.
 */
export async function nodeHttpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const body = init?.body;
  if (input instanceof Request || (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))) {
    return fetch(input, init);
  }
  const url = typeof input === 'string' ? new URL(input) : input;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fetch(input, init);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    headers[name] = value;
  });
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body instanceof Uint8Array ? body : undefined;
  if (payload !== undefined) headers['content-length'] = String(payload.byteLength);
  const signal = init?.signal ?? undefined;
  signal?.throwIfAborted();

  return new Promise<Response>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(url, {
      method: init?.method ?? 'GET',
      headers,
      agent: secure ? httpsAgent : httpAgent,
    });
    const onAbort = (): void => {
      request.destroy(new DOMException('This operation was aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = (): void => signal?.removeEventListener('abort', onAbort);
    request.once('error', (error) => {
      done();
      reject(error);
    });
    request.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', (error) => {
        done();
        reject(error);
      });
      response.once('end', () => {
        done();
        try {
          resolve(toResponse(response, Buffer.concat(chunks)));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.end(payload);
  });
}

function toResponse(response: IncomingMessage, raw: Buffer): Response {
  const status = response.statusCode ?? 0;
  const headers = new Headers();
  const pairs = response.rawHeaders;
  for (let i = 0; i + 1 < pairs.length; i += 2) headers.append(pairs[i] ?? '', pairs[i + 1] ?? '');
  const encoding = headers.get('content-encoding')?.trim().toLowerCase();
  let content: Buffer = raw;
  if (encoding === 'gzip' || encoding === 'x-gzip') content = gunzipSync(raw);
  else if (encoding === 'deflate') content = inflateSync(raw);
  else if (encoding === 'br') content = brotliDecompressSync(raw);
  if (content !== raw) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  if (NO_BODY_STATUSES.has(status)) return new Response(null, { status, statusText: response.statusMessage ?? '', headers });
  return new BufferedResponse(content, { status, statusText: response.statusMessage ?? '', headers });
}
