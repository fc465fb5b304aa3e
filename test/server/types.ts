// Public types of the OpenAI-compatible test server.
import type { ChatBody, CompletionBody } from './schemas';

export interface ChatMessageInfo {
  role: string;
  /** The message text; array content is flattened to its text parts joined with "". */
  content: string;
}

interface RequestInfoBase {
  /** URL path without the query, e.g. /v1/chat/completions or /openai/deployments/d/chat/completions. */
  path: string;
  /** The request's model, or the Azure deployment name when the request has no model. */
  model: string;
  /** Azure deployment from the path, null on /v1 paths. */
  deployment: string | null;
  /** sha256 hex of the raw request body. */
  bodyHash: string;
  /** How many earlier requests had the identical body (0 for the first), whatever their outcome. */
  attempt: number;
}

export interface ChatRequestInfo extends RequestInfoBase {
  kind: 'chat';
  body: ChatBody;
  messages: ChatMessageInfo[];
  /** The content of the last user message ("" if none). */
  userText: string;
}

export interface CompletionRequestInfo extends RequestInfoBase {
  kind: 'completions';
  body: CompletionBody;
  prompts: string[];
}

export type PostRequestInfo = ChatRequestInfo | CompletionRequestInfo;

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls';

export interface ContentReply {
  content: string | null;
  /** Default 'stop'; 'length' is also set when max_tokens cuts the content. */
  finishReason?: FinishReason;
  /** Served model name to report (default: the request's model). */
  model?: string;
  /** Default "fp_test"; null omits it as some servers do. */
  systemFingerprint?: string | null;
}

export type FaultReply =
  | { fault: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { fault: 'drop' }
  | { fault: 'malformed' }
  | { fault: 'empty-choices' }
  | { fault: 'content-filter' }
  | { fault: 'hang' };

export type ScriptedReply = ContentReply | FaultReply;

export type FaultKind = FaultReply['fault'];

/** Decides a chat reply; `fallback` is the default script (judge or scripted model). */
export type ChatScript = (
  req: ChatRequestInfo,
  fallback: (req: ChatRequestInfo) => ScriptedReply,
) => ScriptedReply | Promise<ScriptedReply>;

export interface RandomFaults {
  seed: number;
  /** Probabilities per request, checked in this order: 429, 500, drop, malformed, empty choices. */
  rate429?: number;
  /** Retry-After of injected 429s (default 1); null sends no Retry-After / retry-after-ms headers. */
  retryAfterSeconds?: number | null;
  rate500?: number;
  rateDrop?: number;
  rateMalformed?: number;
  rateEmptyChoices?: number;
  /** Requests for which this returns true get the content-filter 400 (after the random faults). */
  contentFilterWhen?: (req: PostRequestInfo) => boolean;
}

export interface CompletionsOptions {
  /** 400 on max_tokens 0 (so a client retries with 1; the reply then appends 1 generated token). */
  refuseMaxTokensZero?: boolean;
  /** Default true; false answers 400 when prompt is an array. */
  acceptPromptList?: boolean;
  /**
   * 'normal' (default); 'none': logprobs is null; 'nulls': every token_logprobs entry is null;
   * 'constant': every token's logprob is -1 (the first echoed token's stays null).
   */
  logprobsMode?: 'normal' | 'none' | 'nulls' | 'constant';
  /** Unit of text_offset: 'utf16' JS string indices (default) or 'codepoint' (Python len()). */
  textOffsetUnit?: 'utf16' | 'codepoint';
}

export interface TestServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Delay before every answer (default 0). */
  latencyMs?: number;
  script?: ChatScript;
  /** Judge template text; default: shared data yokaieval/judge_prompt.txt, read lazily. */
  judgeTemplate?: string;
  /** Seed of the default scripted model's choices (default 0). */
  modelSeed?: number;
  faults?: RandomFaults;
  /** Checked first for every chat/completions request; undefined lets the request through. */
  faultsForRequest?: (req: PostRequestInfo, attempt: number) => ScriptedReply | undefined;
  /** Token bucket over chat/completions requests: refill rate per second; 429 when empty. */
  rateLimitPerSecond?: number;
  /** Bucket size (default max(1, rateLimitPerSecond)). */
  rateLimitBurst?: number;
  /** Whether the bucket's 429s carry retry-after and retry-after-ms (default true); false: a bare 429. */
  rateLimitRetryAfter?: boolean;
  completions?: CompletionsOptions;
  /** When set, requests without this key (Bearer or api-key header) get 401. */
  requireApiKey?: string;
  /** Models listed by GET /v1/models (default: models seen so far, or ["test-model"]). */
  models?: string[];
  /** max_model_len reported by POST /tokenize (default 8192). */
  maxModelLen?: number;
  /** Serve GET /__test/requests, POST /__test/reset and POST /__test/configure (default false). */
  controlEndpoints?: boolean;
  /**
   * Goes down (stops listening and drops every connection, so new ones are refused) when the
   * `afterRequests`-th chat/completions request arrives, for `durationMs`, then listens again on the same port.
   */
  outage?: { afterRequests: number; durationMs: number };
  /** Called when a recorded request gets its outcome. */
  onRecorded?: (record: RecordedRequest) => void;
}

/** Options that can be changed while the server runs. */
export type RuntimeOptions = Omit<TestServerOptions, 'host' | 'port' | 'controlEndpoints'>;

export type RequestKind = 'chat' | 'completions' | 'models' | 'tokenize' | 'other';

export type RecordedStatus = number | 'dropped' | 'hung' | 'aborted' | 'pending';

export interface RecordedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  kind: RequestKind;
  /** Parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** Request headers without authorization, api-key and cookies. */
  headers: Record<string, string>;
  /** Whether an Authorization or api-key header was present (its value is never stored). */
  hadApiKey: boolean;
  receivedAt: number;
  /** When the answer (or what happened instead) was decided, Date.now(); null while pending. */
  answeredAt: number | null;
  /** HTTP status sent, or what happened instead ('aborted': the client left before the answer). */
  status: RecordedStatus;
  /** The injected fault, if any. */
  fault: FaultKind | 'rate-limit' | null;
  bodyHash: string | null;
  attempt: number | null;
}
