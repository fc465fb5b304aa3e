import type * as z from 'zod';
import { type Endpoint } from '../model/endpoint';
import { createOpenAIClient, secretsInUrl } from '../model/chatClient';
import { postJson } from '../model/jsonPost';
import { ModelCallError } from '../model/modelError';
import { endpointLabel } from '../model/endpointUnreachable';
import { afterAttempts, pooledCall } from '../model/pooledCall';
import { type RequestPool } from '../model/requestPool';
import { withRequestSignal } from '../model/requestSignal';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../model/retryPolicy';
import { registerSecret } from '../util/secrets';
import { firstIssue } from '../util/zodIssues';
import { type ClientEnvironment } from '../runs/modelSpec';

export interface ServerClientOptions {
  readonly endpoint: Endpoint;
  readonly apiKey: string | undefined;
  readonly pool: RequestPool;
  readonly retry?: RetryPolicy | undefined;
  readonly timeoutMs?: number | undefined;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * POSTs JSON bodies the chat client does not send (/completions with echo and logprobs, vLLM's
 * /chat/completions with prompt_logprobs, /tokenize) with the run's shared pool and the same bounded
 * retries: to OpenAI-compatible servers directly (postJson: the openai client's errors without its
 * per-request cost), to Azure through the openai client. Replies are validated with a zod schema. Not
 * cached: log-probs are cheap to ask again and the response cache holds chat replies only.
 */
export class ServerClient {
  private readonly client: ReturnType<typeof createOpenAIClient>;
  private readonly secrets: readonly string[];
  private readonly retry: RetryPolicy;
  requestsSent = 0;
  onRequest: (() => void) | undefined;
  served: { model: string | null; systemFingerprint: string | null } = { model: null, systemFingerprint: null };

  constructor(private readonly options: ServerClientOptions) {
    this.client = createOpenAIClient(options.endpoint, options.apiKey, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.secrets = [...(options.apiKey !== undefined ? [options.apiKey] : []), ...secretsInUrl(options.endpoint.baseUrl)];
    for (const secret of this.secrets) registerSecret(secret);
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
  }

  get endpoint(): Endpoint {
    return this.options.endpoint;
  }

  /**
   * `path` is relative to the base URL ("/completions") or absolute (vLLM's /tokenize sits beside /v1);
   * `tally.requests` counts this call's HTTP requests, retries included.
   */
  async post<S extends z.ZodType>(
    path: string,
    body: Record<string, unknown>,
    schema: S,
    signal?: AbortSignal,
    tally?: { requests: number },
  ): Promise<z.output<S>> {
    const context = {
      pool: this.options.pool,
      retry: this.retry,
      secrets: this.secrets,
      signal,
      endpoint: endpointLabel(this.options.endpoint.baseUrl),
    };
    const { endpoint, apiKey, timeoutMs } = this.options;
    const send = async (): Promise<z.output<S>> => {
      const json =
        endpoint.provider === 'azure'
          ? await withRequestSignal(signal, (own) => this.client.post<unknown>(path, { body, signal: own }))
          : await postJson({ baseUrl: endpoint.baseUrl, apiKey, timeoutMs: timeoutMs ?? DEFAULT_TIMEOUT_MS }, path, body, signal);
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const { field, message } = firstIssue(parsed.error);
        throw new ModelCallError(
          'malformed',
          `the reply to POST ${path} does not have the expected shape (field "${field}": ${message})`,
          undefined,
          undefined,
        );
      }
      return parsed.data;
    };
    const result = await pooledCall(context, send, () => {
      this.requestsSent += 1;
      this.onRequest?.();
      if (tally !== undefined) tally.requests += 1;
    });
    if (!result.ok) throw afterAttempts(result.error, result.attempts);
    this.noteServed(result.value);
    return result.value;
  }

  private noteServed(reply: unknown): void {
    if (reply === null || typeof reply !== 'object') return;
    const { model, system_fingerprint: fingerprint } = reply as { model?: unknown; system_fingerprint?: unknown };
    if (typeof model === 'string') this.served = { model, systemFingerprint: typeof fingerprint === 'string' ? fingerprint : null };
  }
}

export function createServerClient(endpoint: Endpoint, apiKey: string | undefined, env: ClientEnvironment): ServerClient {
  return new ServerClient({ endpoint, apiKey, pool: env.pool, retry: env.retry, timeoutMs: env.timeoutMs });
}
