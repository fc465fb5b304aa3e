import { type ItemLogprobs, type LogprobBackend, type LogprobBackendName, endpointSource } from './logprobBackend';
import { type ServerClient } from './serverClient';

/** What every log-prob backend over HTTP shares: its requests, source and served model are its client's. */
export abstract class ServerLogprobBackend implements LogprobBackend {
  abstract readonly name: LogprobBackendName;

  constructor(readonly client: ServerClient) {}

  get counter(): ServerClient {
    return this.client;
  }

  get source(): string {
    return endpointSource(this.client.endpoint);
  }

  get served(): ServerClient['served'] {
    return this.client.served;
  }

  abstract score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs>;
}
