import { UserError } from '../util/errors';

/**
 * An endpoint that could not be reached (connection refused, its host not found, its TLS refused) before
 * any request to it had an answer in this run: a wrong base URL or a server not started, so waiting is
 * pointless. The run stops at once with this one line; what was written is kept (`--resume` goes on).
 */
export class EndpointUnreachableError extends UserError {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`${endpoint}: ${reason}, and no request to it has succeeded: the run stops (check the base URL and that the server is running)`);
  }
}

/** How an endpoint is named in that line: its base URL without credentials, query or fragment. */
export function endpointLabel(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    url.username = '';
    url.password = '';
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return 'the endpoint';
  }
}
