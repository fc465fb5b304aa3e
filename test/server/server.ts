// The OpenAI-compatible test server: real HTTP on node:http, scripted replies, injected faults,
// rate limiting and request accounting.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chatCompletionBody, lastUserText, messagesInfo } from './chat';
import { withChatPromptLogprobs } from './chatPromptLogprobs';
import { defaultChatReply } from './chatScript';
import { completionBody, completionRequestError } from './completions';
import { bodyForStatus, contentFilterBody, errorBody, rateLimitBody, type ErrorBody } from './errors';
import { drawRandomFault, retryAfterHeaders } from './faults';
import { BodyTooLargeError, apiKeyOf, canWrite, readBody, safeHeaders, writeOutcome, type Outcome } from './http';
import { loadDefaultJudgeTemplate } from './judgeTemplate';
import { TokenBucket } from './rateLimit';
import { matchRoute, type Route } from './routes';
import { ChatBodySchema, CompletionBodySchema, ConfigureBodySchema, TokenizeBodySchema, describeIssue } from './schemas';
import { tokenizeBody } from './tokenizeRoute';
import type {
  ChatRequestInfo,
  CompletionRequestInfo,
  ContentReply,
  PostRequestInfo,
  RecordedRequest,
  RuntimeOptions,
  ScriptedReply,
  TestServerOptions,
} from './types';

export interface TestServer {
  /** Base URL for `new OpenAI({ baseURL })`, e.g. http://127.0.0.1:PORT/v1. */
  readonly url: string;
  /** http://127.0.0.1:PORT, the `endpoint` of `new AzureOpenAI(...)`. */
  readonly origin: string;
  readonly port: number;
  /** Every request in arrival order (control endpoints excluded). */
  readonly requests: readonly RecordedRequest[];
  /** Number of recorded requests by status ("200", "429", "dropped", "hung", "aborted", "pending"). */
  readonly counts: Readonly<Record<string, number>>;
  /** Changes options while the server runs (a changed rate limit starts a fresh bucket). */
  configure(patch: Partial<RuntimeOptions>): void;
  setLatencyMs(ms: number): void;
  /** Forgets recorded requests, attempt counts and the rate-limit bucket. */
  reset(): void;
  /**
   * Stops listening and drops every open connection (requests in flight included) for `ms`, so that new
   * connections are refused, then listens again on the same port. Resolves when it is back.
   */
  outage(ms: number): Promise<void>;
  /** Outages so far (each as [went down, came back] in Date.now() ms; back is null while down). */
  readonly outages: readonly [number, number | null][];
  /** Resolves when no recorded request is still 'pending' (rejects after timeoutMs, default 5000). */
  waitForIdle(timeoutMs?: number): Promise<void>;
  /** Destroys every open socket (hung requests included) and stops listening. */
  close(): Promise<void>;
}

const DEFAULT_MODEL_LIST = ['test-model'];

type JsonOutcome = Extract<Outcome, { type: 'json' }>;

function isFault(reply: ScriptedReply): reply is Extract<ScriptedReply, { fault: string }> {
  return 'fault' in reply;
}

function completionId(prefix: string, seq: number): string {
  return `${prefix}-test${String(seq).padStart(6, '0')}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

class TestServerImpl implements TestServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  private readonly records: RecordedRequest[] = [];
  private readonly attempts = new Map<string, number>();
  private readonly seenModels = new Set<string>();
  private opts: RuntimeOptions;
  private bucket: TokenBucket | undefined;
  private seq = 0;
  private modelRequests = 0;
  private readonly outageLog: [number, number | null][] = [];
  private closed = false;
  private address: AddressInfo | undefined;

  constructor(
    options: TestServerOptions,
    private readonly controlEndpoints: boolean,
  ) {
    this.opts = { ...options };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => this.internalError(res, err));
    });
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get outages(): readonly [number, number | null][] {
    return this.outageLog;
  }

  async outage(ms: number): Promise<void> {
    if (this.closed) return;
    const entry: [number, number | null] = [Date.now(), null];
    this.outageLog.push(entry);
    const host = this.address?.address ?? '127.0.0.1';
    const port = this.port;
    const stopped = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    this.server.closeAllConnections();
    await stopped;
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (this.closed) return;
    await this.listen(host, port);
    entry[1] = Date.now();
  }

  async listen(host: string, port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.address = this.server.address() as AddressInfo;
  }

  get port(): number {
    return this.address?.port ?? 0;
  }

  get origin(): string {
    const host = this.address?.family === 'IPv6' ? `[${this.address.address}]` : (this.address?.address ?? '127.0.0.1');
    return `http://${host}:${this.port}`;
  }

  get url(): string {
    return `${this.origin}/v1`;
  }

  get requests(): readonly RecordedRequest[] {
    return this.records;
  }

  get counts(): Readonly<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const r of this.records) counts[String(r.status)] = (counts[String(r.status)] ?? 0) + 1;
    return counts;
  }

  configure(patch: Partial<RuntimeOptions>): void {
    if ('rateLimitPerSecond' in patch || 'rateLimitBurst' in patch) this.bucket = undefined;
    this.opts = { ...this.opts, ...patch };
  }

  setLatencyMs(ms: number): void {
    this.opts = { ...this.opts, latencyMs: ms };
  }

  reset(): void {
    this.records.length = 0;
    this.attempts.clear();
    this.bucket = undefined;
  }

  async waitForIdle(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.records.some((r) => r.status === 'pending')) {
      if (Date.now() > deadline) throw new Error(`requests still pending after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const d of this.pendingDelays) {
      clearTimeout(d.timer);
      d.resolve();
    }
    this.pendingDelays.clear();
    for (const s of this.sockets) s.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private delay(ms: number): Promise<void> {
    if (ms <= 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.pendingDelays.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.pendingDelays.add(entry);
    });
  }

  private internalError(res: ServerResponse, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    if (!res.headersSent && !res.destroyed) {
      writeOutcome(res, { type: 'json', status: 500, body: errorBody(`test server error: ${message}`, { type: 'server_error' }) }, {});
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://test.invalid');
    const route = matchRoute(method, url.pathname);

    let raw: string;
    try {
      raw = await readBody(req);
    } catch (err: unknown) {
      if (err instanceof BodyTooLargeError) writeOutcome(res, { type: 'json', status: 413, body: errorBody(err.message) }, {});
      return;
    }
    let parsed: unknown = undefined;
    let badJson = false;
    if (raw.length > 0) {
      try {
        parsed = JSON.parse(raw) as unknown;
      } catch {
        badJson = true;
      }
    }

    if (route.kind === 'control') {
      const outcome = this.controlEndpoints ? this.control(method, url.pathname, parsed) : this.notFound(method, url.pathname);
      writeOutcome(res, outcome, {});
      return;
    }

    if (route.kind === 'chat' || route.kind === 'completions') {
      this.modelRequests += 1;
      const outage = this.opts.outage;
      if (outage !== undefined && this.modelRequests === outage.afterRequests) {
        void this.outage(outage.durationMs);
        return;
      }
    }

    const record: RecordedRequest = {
      seq: ++this.seq,
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      kind: route.kind,
      body: parsed,
      headers: safeHeaders(req.headers),
      hadApiKey: apiKeyOf(req.headers) !== null,
      receivedAt: Date.now(),
      answeredAt: null,
      status: 'pending',
      fault: null,
      bodyHash: null,
      attempt: null,
    };
    this.records.push(record);

    let outcome: Outcome;
    try {
      outcome = await this.decide(req, route, url, raw, parsed, badJson, record);
    } catch (err: unknown) {
      const message = err instanceof Error ? err.message : String(err);
      outcome = { type: 'json', status: 500, body: errorBody(`test server script failed: ${message}`, { type: 'server_error' }) };
    }

    if (outcome.type === 'hang') {
      this.finish(record, 'hung');
      return;
    }
    await this.delay(this.opts.latencyMs ?? 0);
    if (outcome.type === 'drop') {
      this.finish(record, 'dropped');
      req.socket.destroy();
      return;
    }
    if (!canWrite(res)) {
      this.finish(record, 'aborted');
      return;
    }
    // Recorded before the answer leaves, so a client that has its answer also sees the record.
    this.finish(record, outcome.status);
    writeOutcome(res, outcome, { 'x-request-id': `req_test_${record.seq}`, 'openai-processing-ms': String(this.opts.latencyMs ?? 0) });
  }

  private finish(record: RecordedRequest, status: RecordedRequest['status']): void {
    record.status = status;
    record.answeredAt = Date.now();
    this.opts.onRecorded?.(record);
  }

  private notFound(method: string, path: string): JsonOutcome {
    return { type: 'json', status: 404, body: errorBody(`Invalid URL (${method} ${path})`) };
  }

  private badRequest(body: ErrorBody): JsonOutcome {
    return { type: 'json', status: 400, body };
  }

  private async decide(
    req: IncomingMessage,
    route: Route,
    url: URL,
    raw: string,
    parsed: unknown,
    badJson: boolean,
    record: RecordedRequest,
  ): Promise<Outcome> {
    if (route.kind === 'other' || route.kind === 'control') return this.notFound(record.method, record.path);
    const required = this.opts.requireApiKey;
    if (required !== undefined && apiKeyOf(req.headers) !== required) {
      return {
        type: 'json',
        status: 401,
        body: errorBody('Incorrect API key provided.', { code: 'invalid_api_key' }),
      };
    }
    if (route.kind === 'models') return { type: 'json', status: 200, body: this.modelList() };
    if (route.deployment !== null && !url.searchParams.has('api-version')) {
      return { type: 'json', status: 404, body: { error: { code: '404', message: 'Resource not found' } } };
    }
    if (badJson) {
      return this.badRequest(
        errorBody(
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
        ),
      );
    }

    if (route.kind === 'tokenize') {
      const body = TokenizeBodySchema.safeParse(parsed);
      if (!body.success) return this.badRequest(errorBody(describeIssue(body.error).message, { param: describeIssue(body.error).param }));
      const messages = body.data.messages === undefined ? null : messagesInfo(body.data.messages);
      return { type: 'json', status: 200, body: tokenizeBody(body.data, messages, this.opts.maxModelLen ?? 8192) };
    }

    const info = this.requestInfo(route, record.path, raw, parsed);
    if ('error' in info) return this.badRequest(info);
    record.bodyHash = info.bodyHash;
    record.attempt = info.attempt;
    this.seenModels.add(info.model);

    const wait = this.takeRateLimitToken();
    if (wait > 0) {
      record.fault = 'rate-limit';
      const bucket = this.bucket?.params;
      return {
        type: 'json',
        status: 429,
        body: rateLimitBody(),
        headers: {
          ...(this.opts.rateLimitRetryAfter === false ? {} : retryAfterHeaders(wait)),
          'x-ratelimit-limit-requests': String(bucket?.burst ?? 0),
          'x-ratelimit-remaining-requests': '0',
        },
      };
    }

    const forced = this.opts.faultsForRequest?.(info, info.attempt);
    const faults = this.opts.faults;
    let reply: ScriptedReply | undefined = forced ?? (faults === undefined ? undefined : drawRandomFault(faults, info));
    if (info.kind === 'completions') {
      if (reply !== undefined && isFault(reply)) return this.faultOutcome(reply, info, record);
      return { type: 'json', status: 200, body: this.completion(info, record.seq) };
    }
    reply ??= await this.scriptReply(info);
    if (isFault(reply)) return this.faultOutcome(reply, info, record);
    return {
      type: 'json',
      status: 200,
      body: withChatPromptLogprobs(
        info,
        chatCompletionBody(info, reply, completionId('chatcmpl', record.seq)),
        this.opts.completions ?? {},
      ),
    };
  }

  private requestInfo(route: Route, path: string, raw: string, parsed: unknown): PostRequestInfo | ErrorBody {
    const bodyHash = sha256(raw);
    const base = {
      path,
      deployment: route.deployment,
      bodyHash,
      attempt: 0,
    };
    const missingModel = errorBody('you must provide a model parameter', { param: 'model' });
    let info: ChatRequestInfo | CompletionRequestInfo;
    if (route.kind === 'chat') {
      const body = ChatBodySchema.safeParse(parsed);
      if (!body.success) return errorBody(describeIssue(body.error).message, { param: describeIssue(body.error).param });
      if (body.data.stream === true) {
        return errorBody('stream is not supported by the test server.', { param: 'stream', code: 'unsupported_parameter' });
      }
      const model = body.data.model ?? route.deployment;
      if (model === null) return missingModel;
      const messages = messagesInfo(body.data.messages);
      info = { ...base, kind: 'chat', model, body: body.data, messages, userText: lastUserText(messages) };
    } else {
      const body = CompletionBodySchema.safeParse(parsed);
      if (!body.success) return errorBody(describeIssue(body.error).message, { param: describeIssue(body.error).param });
      const refused = completionRequestError(body.data, this.opts.completions ?? {});
      if (refused !== null) return refused;
      const model = body.data.model ?? route.deployment;
      if (model === null) return missingModel;
      const prompts = typeof body.data.prompt === 'string' ? [body.data.prompt] : body.data.prompt;
      info = { ...base, kind: 'completions', model, body: body.data, prompts };
    }
    const key = `${info.kind}:${bodyHash}`;
    info.attempt = this.attempts.get(key) ?? 0;
    this.attempts.set(key, info.attempt + 1);
    return info;
  }

  private takeRateLimitToken(): number {
    const rate = this.opts.rateLimitPerSecond;
    if (rate === undefined || rate <= 0) return 0;
    this.bucket ??= new TokenBucket(rate, this.opts.rateLimitBurst ?? Math.max(1, rate));
    return this.bucket.take();
  }

  private defaultReply(info: ChatRequestInfo): ContentReply {
    return defaultChatReply(info, {
      judgeTemplate: this.opts.judgeTemplate ?? loadDefaultJudgeTemplate(),
      modelSeed: this.opts.modelSeed ?? 0,
    });
  }

  private async scriptReply(info: ChatRequestInfo): Promise<ScriptedReply> {
    const script = this.opts.script;
    if (script === undefined) return this.defaultReply(info);
    return await script(info, (r) => this.defaultReply(r));
  }

  private completion(info: CompletionRequestInfo, seq: number, emptyChoices = false): Record<string, unknown> {
    const id = completionId('cmpl', seq);
    return completionBody(info, this.opts.completions ?? {}, this.opts.modelSeed ?? 0, id, { emptyChoices });
  }

  private faultOutcome(reply: Extract<ScriptedReply, { fault: string }>, info: PostRequestInfo, record: RecordedRequest): Outcome {
    record.fault = reply.fault;
    switch (reply.fault) {
      case 'status':
        return {
          type: 'json',
          status: reply.status,
          body: reply.body === undefined ? bodyForStatus(reply.status) : reply.body,
          ...(reply.headers === undefined ? {} : { headers: reply.headers }),
        };
      case 'drop':
        return { type: 'drop' };
      case 'hang':
        return { type: 'hang' };
      case 'malformed':
        return {
          type: 'text',
          status: 200,
          text: '{"id": "chatcmpl-malformed", "object": "chat.completion", "choices": [{"index": 0, "mess',
        };
      case 'content-filter':
        return { type: 'json', status: 400, body: contentFilterBody() };
      case 'empty-choices':
        return {
          type: 'json',
          status: 200,
          body:
            info.kind === 'chat'
              ? chatCompletionBody(info, { content: '' }, completionId('chatcmpl', record.seq), { emptyChoices: true })
              : this.completion(info, record.seq, true),
        };
    }
  }

  private modelList(): Record<string, unknown> {
    const names = this.opts.models ?? (this.seenModels.size > 0 ? [...this.seenModels] : DEFAULT_MODEL_LIST);
    return {
      object: 'list',
      data: names.map((id) => ({ id, object: 'model', created: 0, owned_by: 'eval-adjudicator-test' })),
    };
  }

  private control(method: string, path: string, parsed: unknown): JsonOutcome {
    if (method === 'GET' && path === '/__test/requests') {
      return { type: 'json', status: 200, body: { requests: this.records, counts: this.counts } };
    }
    if (method === 'POST' && path === '/__test/reset') {
      this.reset();
      return { type: 'json', status: 200, body: { ok: true } };
    }
    if (method === 'POST' && path === '/__test/configure') {
      const patch = ConfigureBodySchema.safeParse(parsed);
      if (!patch.success)
        return this.badRequest(errorBody(describeIssue(patch.error).message, { param: describeIssue(patch.error).param }));
      this.configure(patch.data);
      return { type: 'json', status: 200, body: { ok: true } };
    }
    return this.notFound(method, path);
  }
}

/** Starts the test server on 127.0.0.1 and an ephemeral port unless told otherwise. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const server = new TestServerImpl(options, options.controlEndpoints === true);
  await server.listen(options.host ?? '127.0.0.1', options.port ?? 0);
  return server;
}
