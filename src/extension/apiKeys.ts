import type * as vscode from 'vscode';
import { type Endpoint } from '../core/model/endpoint';

/** The environment variables a key may come from, in order, per provider. */
export function keyVariables(endpoint: Endpoint): string[] {
  const specific = endpoint.provider === 'azure' ? 'AZURE_OPENAI_API_KEY' : 'OPENAI_API_KEY';
  return ['EVAL_ADJUDICATOR_API_KEY', specific];
}

function secretName(endpoint: Endpoint): string {
  const url = new URL(endpoint.baseUrl);
  return `evalAdjudicator.apiKey/${endpoint.provider}/${url.origin}`;
}

/** API keys: VS Code's SecretStorage per provider and endpoint, else an environment variable. */
export class ApiKeys {
  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  async get(endpoint: Endpoint): Promise<{ key: string; source: string } | undefined> {
    const stored = await this.secrets.get(secretName(endpoint));
    if (stored !== undefined && stored !== '') return { key: stored, source: 'secret storage' };
    for (const variable of keyVariables(endpoint)) {
      const value = this.env[variable];
      if (value !== undefined && value !== '') return { key: value, source: variable };
    }
    return undefined;
  }

  store(endpoint: Endpoint, key: string): Thenable<void> {
    return this.secrets.store(secretName(endpoint), key);
  }

  delete(endpoint: Endpoint): Thenable<void> {
    return this.secrets.delete(secretName(endpoint));
  }
}
