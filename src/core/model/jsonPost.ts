import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { nodeHttpFetch } from './nodeHttpFetch';

export interface JsonPostTarget {
  /** The OpenAI-compatible base URL ("http://host:8000/v1"). */
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
}

/**
 * POSTs a JSON body to an OpenAI-compatible server and resolves to the parsed JSON reply, over the same
 * kept-alive connections as the openai client. It fails with the openai client's own error classes, made
 * the way the client makes them, so classifyModelError reads status, Retry-After, refused connections and
 * timeouts alike. What the client adds per request (platform headers, request details formatted for its
 * log, its promise wrappers) costs about as much CPU as parsing a 25 kB reply of echoed log-probs, and the
 * log-prob backends send many such requests.
 * `path` is relative to the base URL ("/completions") or absolute (vLLM's /tokenize sits beside /v1).
 */
export async function postJson(
  target: JsonPostTarget,
  path: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<unknown> {
  // A function, so the check after the await is not narrowed away by the one before it.
  const cancelled = (): boolean => signal?.aborted ?? false;
  if (cancelled()) throw new APIUserAbortError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, target.timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let response: Response;
  try {
    response = await nodeHttpFetch(urlOf(target.baseUrl, path), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${target.apiKey ?? 'EMPTY'}`,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    if (cancelled()) throw new APIUserAbortError();
    if (timedOut) throw new APIConnectionTimeoutError();
    throw new APIConnectionError({ cause: error instanceof Error ? error : undefined });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (!response.ok) {
    const text = await response.text();
    const json = parsedOrUndefined(text);
    throw APIError.generate(response.status, json, json === undefined ? text : undefined, response.headers);
  }
  return response.json();
}

/** The base URL and the path joined as the openai client joins them. */
function urlOf(baseUrl: string, path: string): string {
  if (/^[a-z][a-z\d+\-.]*:/i.test(path)) return path;
  return baseUrl + (baseUrl.endsWith('/') && path.startsWith('/') ? path.slice(1) : path);
}

function parsedOrUndefined(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
