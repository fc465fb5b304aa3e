import { UserError } from '../util/errors';

/**
 * An endpoint that makes the whole run pointless from its first requests (never reached, or its key refused
 * before any request succeeded): the run stops at once with this one line, run.json says why (status
 * "error"), and what was written is kept (`--resume` goes on).
 */
export class EndpointFailedError extends UserError {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An endpoint that could not be reached (connection refused, its host not found, its TLS refused) before
 * any request to it had an answer in this run: a wrong base URL or a server not started, so waiting is
 * pointless. The run stops at once with this one line; what was written is kept (`--resume` goes on).
 */
export class EndpointUnreachableError extends EndpointFailedError {
  constructor(endpoint: string, reason: string) {
    super(
      endpoint,
      reason,
      `${endpoint}: ${reason}, and no request to it has succeeded: the run stops (check the base URL and that the server is running)`,
    );
  }
}

/**
 * A 401 or 403 on the first requests, none of which succeeded: a wrong or missing key (or a key without access
 * to the model). Every other item would get the same answer, so the run stops at once.
 */
export class EndpointRefusedError extends EndpointFailedError {
  constructor(endpoint: string, reason: string) {
    super(
      endpoint,
      reason,
      `${endpoint}: ${reason}, and no request to it has succeeded: the run stops (check the API key and its access to the model)`,
    );
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
