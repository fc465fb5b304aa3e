import OpenAI, { AzureOpenAI } from 'openai';
import { registerSecret } from '../util/secrets';
import { DEFAULT_AZURE_API_VERSION, type Endpoint, endpointIdentity } from './endpoint';
import { endpointLabel } from './endpointUnreachable';
import { ModelCallError } from './modelError';
import { nodeHttpFetch } from './nodeHttpFetch';
import { afterAttempts, pooledCall } from './pooledCall';
import { type RequestPool } from './requestPool';
import { withRequestSignal } from './requestSignal';
import { type CachedReply, ResponseCache } from './responseCache';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryPolicy';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatParams {
  readonly temperature: number | null;
  readonly topP: number | null;
  readonly maxTokens: number | null;
}

export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly params: ChatParams;
  /** Distinguishes repeated asks of the same request in the cache. */
  readonly sampleIndex?: number;
}

interface OutcomeCommon {
  readonly attempts: number;
  readonly latencyMs: number;
}
export type ChatOutcome =
  | (OutcomeCommon & { readonly kind: 'reply'; readonly reply: CachedReply; readonly cached: boolean })
  /** A 400 whose code is content_filter: the official code took "" as the response and still judged it. */
  | (OutcomeCommon & { readonly kind: 'refused'; readonly reason: 'content_filter'; readonly message: string });

/** Anything that answers chat requests: the HTTP client below, or a model run in-process. */
export interface ChatCompleter {
  complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatOutcome>;
}

export interface ChatClientOptions {
  readonly endpoint: Endpoint;
  readonly apiKey: string | undefined;
  readonly pool: RequestPool;
  readonly retry?: RetryPolicy;
  readonly cache?: ResponseCache | undefined;
  readonly timeoutMs?: number;
}

/**
 * Every model call goes through here: one openai client (its own retries off), the shared pool, bounded
 * retries with backoff that honour Retry-After, the response cache, cancellation, and errors without keys.
 */
export class ChatClient implements ChatCompleter {
  private readonly client: OpenAI;
  private readonly secrets: readonly string[];
  private readonly retry: RetryPolicy;
  /** What the server said it served, from the latest reply (for run.json). */
  served: { model: string | null; systemFingerprint: string | null } = { model: null, systemFingerprint: null };
  /** HTTP requests sent by this client, retries included. */
  requestsSent = 0;
  onRequest: (() => void) | undefined;

  constructor(private readonly options: ChatClientOptions) {
    this.secrets = [...(options.apiKey !== undefined ? [options.apiKey] : []), ...secretsInUrl(options.endpoint.baseUrl)];
    for (const secret of this.secrets) registerSecret(secret);
    this.retry = options.retry ?? DEFAULT_RETRY_POLICY;
    this.client = createOpenAIClient(options.endpoint, options.apiKey, options.timeoutMs ?? 120_000);
  }

  get endpoint(): Endpoint {
    return this.options.endpoint;
  }

  async complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatOutcome> {
    const started = performance.now();
    const cache = this.options.cache;
    // The key hashes the whole request: only worth its CPU when there is a cache to look in.
    const key =
      cache === undefined
        ? undefined
        : ResponseCache.keyOf({ endpoint: endpointIdentity(this.options.endpoint), ...request, sampleIndex: request.sampleIndex ?? 0 });
    const hit = key === undefined ? undefined : cache?.get(key);
    if (hit !== undefined) return { kind: 'reply', reply: hit, cached: true, attempts: 0, latencyMs: 0 };

    const context = {
      pool: this.options.pool,
      retry: this.retry,
      secrets: this.secrets,
      signal,
      endpoint: endpointLabel(this.options.endpoint.baseUrl),
    };
    const result = await pooledCall(
      context,
      () => this.send(request, signal),
      () => {
        this.requestsSent += 1;
        this.onRequest?.();
      },
    );
    const latencyMs = Math.round(performance.now() - started);
    if (!result.ok) {
      if (result.error.kind === 'content-filter')
        return { kind: 'refused', reason: 'content_filter', message: result.error.message, attempts: result.attempts, latencyMs };
      throw afterAttempts(result.error, result.attempts);
    }
    const reply = result.value;
    this.served = { model: reply.servedModel, systemFingerprint: reply.systemFingerprint };
    if (key !== undefined) cache?.put(key, reply);
    return { kind: 'reply', reply, cached: false, attempts: result.attempts, latencyMs };
  }

  private async send(request: ChatRequest, signal?: AbortSignal): Promise<CachedReply> {
    const { params } = request;
    const completion = await withRequestSignal(signal, (own) =>
      this.client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
          ...(params.temperature !== null ? { temperature: params.temperature } : {}),
          ...(params.topP !== null ? { top_p: params.topP } : {}),
          ...(params.maxTokens !== null ? { max_tokens: params.maxTokens } : {}),
        },
        { signal: own },
      ),
    );
    if (completion === null || typeof completion !== 'object' || !Array.isArray(completion.choices)) {
      throw new ModelCallError('malformed', 'the server answered with a body that is not a chat completion', undefined, undefined);
    }
    const choice = completion.choices[0];
    if (choice === undefined) throw new ModelCallError('empty', 'the server answered with no choices', undefined, undefined);
    return {
      content: choice.message?.content ?? '',
      finishReason: choice.finish_reason ?? null,
      usage: completion.usage
        ? { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens }
        : null,
      servedModel: typeof completion.model === 'string' ? completion.model : null,
      systemFingerprint: completion.system_fingerprint ?? null,
    };
  }
}

/** Credentials a base URL may carry (user:password@, query values such as ?api-key=…): never echoed in errors. */
export function secretsInUrl(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const parsed = new URL(url);
  const decoded = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const found = [parsed.username, parsed.password, decoded(parsed.username), decoded(parsed.password), ...parsed.searchParams.values()];
  return [...new Set(found.filter((value) => value.length >= 4))];
}

export function createOpenAIClient(endpoint: Endpoint, apiKey: string | undefined, timeoutMs: number): OpenAI {
  // Local OpenAI-compatible servers (vLLM, Ollama, llama.cpp) take any key; the client insists on one.
  const key = apiKey ?? 'EMPTY';
  if (endpoint.provider === 'azure') {
    return new AzureOpenAI({
      apiKey: key,
      endpoint: endpoint.baseUrl,
      apiVersion: endpoint.apiVersion ?? DEFAULT_AZURE_API_VERSION,
      ...(endpoint.deployment !== undefined ? { deployment: endpoint.deployment } : {}),
      maxRetries: 0,
      timeout: timeoutMs,
      fetch: nodeHttpFetch,
    });
  }
  return new OpenAI({ apiKey: key, baseURL: endpoint.baseUrl, maxRetries: 0, timeout: timeoutMs, fetch: nodeHttpFetch });
}
