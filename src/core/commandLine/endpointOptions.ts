import { UsageError, UserError } from '../util/errors';
import { DEFAULT_AZURE_API_VERSION, type Endpoint, OPENAI_BASE_URL, type Provider } from '../model/endpoint';
import { type Parsed, choiceOption, stringOption } from './options';

export const PROVIDERS: readonly Provider[] = ['openai', 'azure', 'openai-compatible'];

/** The options that say where a model lives; the judge's are the same with the prefix "judge-". */
export function endpointOptionSpecs(prefix: '' | 'judge-'): Record<string, { type: 'string' }> {
  return Object.fromEntries(
    ['provider', 'base-url', 'api-key-env', 'deployment', 'api-version'].map((name) => [`${prefix}${name}`, { type: 'string' as const }]),
  );
}

export interface EndpointChoice {
  readonly endpoint: Endpoint;
  readonly apiKeyEnv: string;
}

/** Provider by default: Azure when a deployment or API version is given, OpenAI-compatible with a base URL, else OpenAI. */
export function endpointFrom(command: string, parsed: Parsed, prefix: '' | 'judge-', fallback?: EndpointChoice): EndpointChoice {
  const provider = choiceOption(command, parsed, `${prefix}provider`, PROVIDERS);
  const baseUrl = stringOption(parsed, `${prefix}base-url`);
  const deployment = stringOption(parsed, `${prefix}deployment`);
  const apiVersion = stringOption(parsed, `${prefix}api-version`);
  const keyEnv = stringOption(parsed, `${prefix}api-key-env`);
  if (fallback !== undefined && provider === undefined && baseUrl === undefined && deployment === undefined && apiVersion === undefined) {
    return { endpoint: fallback.endpoint, apiKeyEnv: keyEnv ?? fallback.apiKeyEnv };
  }
  const kind: Provider =
    provider ?? (deployment !== undefined || apiVersion !== undefined ? 'azure' : baseUrl !== undefined ? 'openai-compatible' : 'openai');
  if (kind === 'azure' && baseUrl === undefined) {
    throw new UsageError(`${command}: --${prefix}base-url must give the Azure OpenAI endpoint (https://NAME.openai.azure.com)`);
  }
  if (kind === 'openai-compatible' && baseUrl === undefined)
    throw new UsageError(`${command}: --${prefix}base-url is required for an OpenAI-compatible server`);
  const url = baseUrl ?? OPENAI_BASE_URL;
  if (!URL.canParse(url)) throw new UsageError(`${command}: --${prefix}base-url is not a URL: "${url}"`);
  return {
    endpoint: {
      provider: kind,
      baseUrl: url,
      ...(kind === 'azure' ? { apiVersion: apiVersion ?? DEFAULT_AZURE_API_VERSION } : {}),
      ...(kind === 'azure' && deployment !== undefined ? { deployment } : {}),
    },
    apiKeyEnv: keyEnv ?? (kind === 'azure' ? 'AZURE_OPENAI_API_KEY' : 'OPENAI_API_KEY'),
  };
}

/** The key from its environment variable; OpenAI and Azure need one, local servers usually don't. */
export function keyFromEnv(env: NodeJS.ProcessEnv, endpoint: Endpoint, variable: string | null, who: string): string | undefined {
  const value = variable === null ? undefined : env[variable];
  if (value !== undefined && value !== '') return value;
  if (endpoint.provider === 'openai-compatible' || endpoint.provider === 'local') return undefined;
  throw new UserError(
    `the ${who} needs an API key: set the environment variable ${variable ?? 'OPENAI_API_KEY'} (or name another with --${who === 'judge' ? 'judge-' : ''}api-key-env)`,
  );
}
