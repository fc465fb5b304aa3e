import * as z from 'zod';

/** `local`: a model file run in-process (its baseUrl is gguf:MODEL-NAME, never a path). */
export const ProviderSchema = z.enum(['openai', 'azure', 'openai-compatible', 'local']);
export type Provider = z.infer<typeof ProviderSchema>;

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Where a model lives. Holds the name of the environment variable with the key, never the key. */
export const EndpointSchema = z.object({
  provider: ProviderSchema,
  /** OpenAI and OpenAI-compatible: the base URL; Azure: the resource endpoint. */
  baseUrl: z.string().url(),
  /** Azure only. Defaults to the model name. */
  deployment: z.string().min(1).optional(),
  /** Azure only. */
  apiVersion: z.string().min(1).optional(),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/** The host of an endpoint, for run.json: no path, no query, no credentials. */
export function endpointHost(endpoint: Endpoint): string {
  return new URL(endpoint.baseUrl).host;
}

/** What identifies the endpoint in a cache key: origin and path, nothing secret. */
export function endpointIdentity(endpoint: Endpoint): string {
  const url = new URL(endpoint.baseUrl);
  const base = `${endpoint.provider}:${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return endpoint.provider === 'azure' ? `${base}#${endpoint.deployment ?? ''}@${endpoint.apiVersion ?? ''}` : base;
}
