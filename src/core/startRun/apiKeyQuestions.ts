import { type Endpoint, type Provider } from '../model/endpoint';
import { endpointOf } from '../startRunSteps/sharedSteps';
import { type PickItem, type StartRunUi } from '../startRunSteps/startRunUi';

const PROVIDERS: readonly PickItem<Exclude<Provider, 'local'>>[] = [
  { label: 'OpenAI', value: 'openai' },
  { label: 'Azure OpenAI', value: 'azure' },
  { label: 'OpenAI-compatible base URL', value: 'openai-compatible' },
];

/**
 * Set API Key…'s questions: the provider, its base URL (asked and remembered as Start Run asks it, so Start
 * Run then offers this one), and the key, trimmed ('' removes the stored one). Undefined: cancelled.
 */
export async function askApiKey(ui: StartRunUi): Promise<{ readonly endpoint: Endpoint; readonly key: string } | undefined> {
  const provider = await ui.pickOne('Set API Key: provider', PROVIDERS);
  if (provider === undefined) return undefined;
  const endpoint = await endpointOf(ui, provider);
  if (endpoint === undefined) return undefined;
  const key = await ui.input({
    title: `API key for ${new URL(endpoint.baseUrl).host}`,
    password: true,
    prompt: 'Stored in VS Code secret storage; empty removes it',
  });
  return key === undefined ? undefined : { endpoint, key: key.trim() };
}
