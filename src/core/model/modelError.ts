import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { errorMessage } from '../util/errors';
import { redactSecrets } from '../util/secrets';

export type ModelErrorKind =
  | 'rate-limit'
  | 'server'
  | 'timeout'
  | 'connection'
  | 'malformed'
  | 'empty'
  | 'content-filter'
  | 'bad-request'
  | 'auth'
  | 'not-found'
  | 'cancelled';

const RETRYABLE: ReadonlySet<ModelErrorKind> = new Set(['rate-limit', 'server', 'timeout', 'connection', 'malformed', 'empty']);

/** A failed model call, classified once, its message free of secrets. */
export class ModelCallError extends Error {
  override readonly name = 'ModelCallError';
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status: number | undefined,
    /** The server's wish, from retry-after-ms or retry-after. */
    readonly retryAfterMs: number | undefined,
    /** The connection was refused (or had no route): nothing listens there now. */
    readonly unreachable = false,
    /** Why no connection was made at all ("connection refused", "DNS lookup failed …", "TLS error …"), when that is why. */
    readonly connectCause?: string,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}

export function classifyModelError(error: unknown, secrets: readonly string[]): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const message = redactSecrets(errorMessage(error), secrets);
  if (error instanceof APIUserAbortError) return new ModelCallError('cancelled', 'cancelled', undefined, undefined);
  if (error instanceof APIConnectionTimeoutError) return new ModelCallError('timeout', message, undefined, undefined);
  if (error instanceof APIConnectionError) {
    // The openai client says only "Connection error.": the cause is what a user can act on.
    const cause = connectFailureCause(error);
    return new ModelCallError(
      'connection',
      cause === undefined ? message : `${message.replace(/\.$/, '')} (${cause})`,
      undefined,
      undefined,
      isRefused(error),
      cause,
    );
  }
  if (error instanceof APIError) {
    const status = error.status;
    const retryAfterMs = retryAfterFrom(error.headers);
    if (status === 429) return new ModelCallError('rate-limit', message, status, retryAfterMs);
    if (status === 400 && isContentFilter(error)) return new ModelCallError('content-filter', message, status, undefined);
    if (status === 401 || status === 403) return new ModelCallError('auth', message, status, undefined);
    if (status === 404) return new ModelCallError('not-found', message, status, undefined);
    if (status === 408 || status === 409 || (status !== undefined && status >= 500)) {
      return new ModelCallError(status === 408 ? 'timeout' : 'server', message, status, retryAfterMs);
    }
    if (status === undefined) return new ModelCallError('malformed', message, status, undefined);
    return new ModelCallError('bad-request', message, status, undefined);
  }
  if (error instanceof Error && error.name === 'AbortError') return new ModelCallError('cancelled', 'cancelled', undefined, undefined);
  // A body that is not JSON, or JSON of the wrong shape, surfaces as a plain error from the client.
  return new ModelCallError('malformed', message, undefined, undefined);
}

const REFUSED_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** Whether a connection error (or one of its causes: fetch wraps the socket's error) is a refused connection. */
function isRefused(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== null && typeof cause === 'object' && depth < 6; depth++) {
    const { code, errors } = cause as { code?: unknown; errors?: unknown };
    if (typeof code === 'string' && REFUSED_CODES.has(code)) return true;
    // Happy eyeballs: an AggregateError of each address's refusal.
    if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isRefused(e))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const TLS_CODE =
  /^(ERR_SSL_|ERR_TLS_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_|EPROTO$|ERR_SSL)/;

/** Why a connection was never made, from the codes of the error and its causes: refused, DNS, TLS; else undefined. */
export function connectFailureCause(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause !== null && typeof cause === 'object' && depth < 6; depth++) {
    const { code, errors } = cause as { code?: unknown; errors?: unknown };
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
      const host = (cause as { hostname?: unknown }).hostname;
      return `DNS lookup failed (${typeof host === 'string' ? `host ${host} ` : ''}${code})`;
    }
    if (typeof code === 'string' && TLS_CODE.test(code)) return `TLS error (${code})`;
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `no route to the host (${code})`;
    if (Array.isArray(errors) && errors.length > 0) {
      const causes = errors.map(connectFailureCause);
      if (causes.every((c) => c !== undefined)) return causes[0];
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Whether the server sent an HTTP answer (so it is there, even if the answer is an error). */
export function serverAnswered(error: ModelCallError): boolean {
  return error.status !== undefined || error.kind === 'malformed' || error.kind === 'empty' || error.kind === 'content-filter';
}

function isContentFilter(error: APIError): boolean {
  if (error.code === 'content_filter') return true;
  const body = error.error as { code?: unknown; innererror?: { code?: unknown } } | undefined;
  return body?.code === 'content_filter' || body?.innererror?.code === 'ResponsibleAIPolicyViolation';
}

function retryAfterFrom(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms !== null && ms !== undefined && Number.isFinite(Number.parseFloat(ms))) return Number.parseFloat(ms);
  const value = headers?.get('retry-after');
  if (value === null || value === undefined) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}
