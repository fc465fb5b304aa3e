import { DEFAULT_AZURE_API_VERSION, type Endpoint, OPENAI_BASE_URL, type Provider } from '../model/endpoint';
import { EndpointFailedError, endpointLabel } from '../model/endpointUnreachable';
import { type PickItem, type StartRunUi } from './startRunUi';

/** The title of one of Start Run's steps: five of them, or as many as the benchmark's flow has (Kalahi's open-ended metrics make six). */
export function stepTitle(step: number, what: string, total = 5): string {
  return `Start Run (${step}/${total}): ${what}`;
}

/** The provider pick's answer for a model file run in-process. */
export const LOCAL_MODEL = 'local';

const ENDPOINT_ITEMS: readonly PickItem<Provider>[] = [
  { label: 'OpenAI-compatible base URL', description: 'vLLM, Ollama, llama.cpp, any /v1 server', value: 'openai-compatible' },
  { label: 'OpenAI', description: OPENAI_BASE_URL, value: 'openai' },
  { label: 'Azure OpenAI', description: 'endpoint, deployment, API version', value: 'azure' },
];
const LOCAL_ITEM: PickItem<Provider> = {
  label: 'Local model file (GGUF)',
  description: 'in-process with llama.cpp: a .gguf file or an Ollama model, no server',
  value: 'local',
};

/** The provider, then its base URL (remembered per provider); the benchmark's model runs there. */
export async function pickEndpoint(ui: StartRunUi, step: number, total = 5): Promise<Endpoint | undefined> {
  const picked = await pickProvider(ui, step, total, false);
  return picked === LOCAL_MODEL ? undefined : picked;
}

/** pickEndpoint with a "Local model file (GGUF)" entry last, for benchmarks that can run one in-process. */
export function pickEndpointOrLocal(ui: StartRunUi, step: number, total = 5): Promise<Endpoint | typeof LOCAL_MODEL | undefined> {
  return pickProvider(ui, step, total, true);
}

async function pickProvider(
  ui: StartRunUi,
  step: number,
  total: number,
  offerLocal: boolean,
): Promise<Endpoint | typeof LOCAL_MODEL | undefined> {
  const provider = await ui.pickOne(stepTitle(step, 'provider', total), offerLocal ? [...ENDPOINT_ITEMS, LOCAL_ITEM] : ENDPOINT_ITEMS);
  if (provider === undefined) return undefined;
  if (provider === 'local') return LOCAL_MODEL;
  return endpointOf(ui, provider);
}

/**
 * A provider's endpoint: OpenAI's is fixed; Azure's and an OpenAI-compatible server's base URL is asked,
 * offering the last one given here or in Set API Key…, and remembered for the next time.
 */
export async function endpointOf(ui: StartRunUi, provider: Exclude<Provider, 'local'>): Promise<Endpoint | undefined> {
  if (provider === 'openai') return { provider: 'openai', baseUrl: OPENAI_BASE_URL };
  const key = `lastBaseUrl.${provider}`;
  const last = ui.remembered(key);
  // A URL whose run just stopped on it (never reached, key refused) is not offered again as if it worked.
  const offered = last !== undefined && endpointLabel(last) !== ui.remembered(FAILED_ENDPOINT) ? last : undefined;
  const url = await ui.input({
    title: provider === 'azure' ? 'Azure OpenAI endpoint' : 'Base URL',
    value: offered ?? (provider === 'azure' ? 'https://NAME.openai.azure.com' : 'http://127.0.0.1:8000/v1'),
    validate: (v) => (URL.canParse(v.trim()) ? undefined : 'Not a URL'),
  });
  if (url === undefined) return undefined;
  await ui.remember(key, url.trim());
  return provider === 'azure'
    ? { provider: 'azure', baseUrl: url.trim(), apiVersion: DEFAULT_AZURE_API_VERSION }
    : { provider: 'openai-compatible', baseUrl: url.trim() };
}

/** The memory key of the endpoint the last run stopped on (its label: base URL without credentials). */
export const FAILED_ENDPOINT = 'lastFailedEndpoint';

/** A run ended: one stopped by its endpoint marks it, so the next Start Run does not offer it; a run that ran clears the mark. */
export async function rememberRunEnd(ui: Pick<StartRunUi, 'remember'>, stoppedBy: unknown): Promise<void> {
  await ui.remember(FAILED_ENDPOINT, stoppedBy instanceof EndpointFailedError ? stoppedBy.endpoint : '');
}

/** The model's name as its server knows it (Azure: the deployment), the last one offered; untrimmed. */
export function askModelName(ui: StartRunUi, step: number, endpoint: Endpoint, total = 5): Promise<string | undefined> {
  return ui.input({
    title: stepTitle(step, 'model', total),
    prompt: endpoint.provider === 'azure' ? 'The deployment name' : 'The model name as the server knows it',
    value: ui.remembered('lastModel') ?? (endpoint.provider === 'openai' ? 'gpt-4o-mini' : ''),
    validate: (v) => (v.trim() === '' ? 'A model name is required' : undefined),
  });
}

/** An Azure model is called through its deployment, named like the model. */
export function withDeployment(endpoint: Endpoint, name: string): Endpoint {
  return endpoint.provider === 'azure' ? { ...endpoint, deployment: name } : endpoint;
}

/** The last step: all items, or the first N (null: all; undefined: cancelled). */
export async function pickItemLimit(ui: StartRunUi, total: number, steps = 5): Promise<number | null | undefined> {
  const limit = await ui.pickOne<number | null>(stepTitle(steps, 'how many items', steps), [
    { label: `All ${total} items`, value: null },
    { label: 'First 10 items', description: 'a quick look', value: 10 },
    { label: 'First 20 items', value: 20 },
    { label: 'First 100 items', value: 100 },
    { label: 'First N items…', value: -1 },
  ]);
  if (limit !== -1) return limit;
  const typed = await ui.input({
    title: 'How many items (from the first)',
    validate: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= total ? undefined : `A whole number from 1 to ${total}`),
  });
  return typed === undefined ? undefined : Number(typed.trim());
}
