import { ChatClient, type ChatParams } from '../model/chatClient';
import { type Endpoint, endpointHost } from '../model/endpoint';
import { type RequestPool } from '../model/requestPool';
import { type ResponseCache } from '../model/responseCache';
import { type RetryPolicy } from '../model/retryPolicy';
import { type ModelRecord } from './runManifest';

export interface ModelSpec {
  readonly endpoint: Endpoint;
  readonly name: string;
  /** The environment variable holding the key, recorded so a resume can find it again; null when none. */
  readonly apiKeyEnv: string | null;
  readonly systemPrompt: string | null;
  readonly params: ChatParams;
}

export interface ClientEnvironment {
  readonly pool: RequestPool;
  readonly cache: ResponseCache | undefined;
  readonly retry?: RetryPolicy | undefined;
  readonly timeoutMs?: number | undefined;
}

export function createClient(spec: ModelSpec, apiKey: string | undefined, env: ClientEnvironment): ChatClient {
  return new ChatClient({
    endpoint: spec.endpoint,
    apiKey,
    pool: env.pool,
    cache: env.cache,
    ...(env.retry !== undefined ? { retry: env.retry } : {}),
    ...(env.timeoutMs !== undefined ? { timeoutMs: env.timeoutMs } : {}),
  });
}

/** A base URL without credentials, query or fragment: what may be written to run.json. */
export function publicBaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return parsed.toString().replace(/\/$/, '');
}

export function modelRecord(spec: ModelSpec, client?: ChatClient): ModelRecord {
  return {
    provider: spec.endpoint.provider,
    name: spec.name,
    host: endpointHost(spec.endpoint),
    baseUrl: publicBaseUrl(spec.endpoint.baseUrl),
    ...(spec.endpoint.deployment !== undefined ? { deployment: spec.endpoint.deployment } : {}),
    ...(spec.endpoint.apiVersion !== undefined ? { apiVersion: spec.endpoint.apiVersion } : {}),
    apiKeyEnv: spec.apiKeyEnv,
    parameters: { systemPrompt: spec.systemPrompt, ...spec.params },
    servedModel: client?.served.model ?? null,
    systemFingerprint: client?.served.systemFingerprint ?? null,
  };
}

export function specFromRecord(record: ModelRecord): ModelSpec {
  return {
    endpoint: {
      provider: record.provider,
      baseUrl: record.baseUrl,
      ...(record.deployment !== undefined ? { deployment: record.deployment } : {}),
      ...(record.apiVersion !== undefined ? { apiVersion: record.apiVersion } : {}),
    },
    name: record.name,
    apiKeyEnv: record.apiKeyEnv,
    systemPrompt: record.parameters.systemPrompt,
    params: { temperature: record.parameters.temperature, topP: record.parameters.topP, maxTokens: record.parameters.maxTokens },
  };
}
