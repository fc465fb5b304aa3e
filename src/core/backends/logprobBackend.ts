import { type Endpoint, endpointHost } from '../model/endpoint';
import { type Usage } from '../runs/resultLine';
import { type RequestCounter } from '../runs/runSession';
import { UserError } from '../util/errors';

export const LOGPROB_BACKENDS = ['completions', 'vllm-chat', 'gguf'] as const;
export type LogprobBackendName = (typeof LOGPROB_BACKENDS)[number];

/** How faithful each backend is to the official code; recorded in run.json. */
export const LOGPROB_FIDELITY: Readonly<Record<LogprobBackendName, string>> = {
  completions:
    'approximation: each reference is scored as a plain-text continuation of the template-rendered prompt ' +
    '(/v1/completions, echo=true, logprobs=1), without the chat template; the official code applied the ' +
    "model's chat template with the reference as the assistant turn and also counted the end-of-turn tokens. " +
    'Comparable across models scored this way, not to the paper.',
  'vllm-chat':
    "official method: the server's chat template renders [user: prompt, assistant: reference] without a " +
    'generation prompt; every token after the prefix [user: prompt] with the generation prompt (length from ' +
    "vLLM's /tokenize) is summed, the closing end-of-turn tokens included, as the official code does.",
  gguf:
    "official method, in-process: the GGUF's own chat template (tokenizer.chat_template, rendered as Hugging Face's " +
    'apply_chat_template renders it) gives [user: prompt, assistant: reference] without a generation prompt and the ' +
    "prefix [user: prompt] with it; llama.cpp's float32 softmax over the whole vocabulary gives the log-prob of every " +
    'token after the prefix, the end-of-turn tokens included; BOS once. A GGUF without a chat template is scored as ' +
    'a plain continuation (prompt, newline, reference), an approximation recorded in settings.local.chatTemplate.',
};

/** Servers that cannot return the log-probs of prompt tokens: refused when named, before any request. */
export const NO_PROMPT_LOGPROBS = {
  ollama: "Ollama's OpenAI-compatible API returns no log-probs of prompt tokens (echo and prompt_logprobs are not supported)",
  'llama.cpp': "llama.cpp's server returns log-probs of generated tokens only, never of the prompt",
} as const;
export type NoPromptLogprobsServer = keyof typeof NO_PROMPT_LOGPROBS;

export interface ReferenceLogprobs {
  /** Sum of the continuation tokens' log-probs. */
  readonly logprob: number;
  readonly tokenLogprobs: readonly number[];
  /** A token began before the reference and ended inside it (completions backend only). */
  readonly straddled: boolean;
  /** The exact text sent (completions), or null when the server rendered messages (vllm-chat). */
  readonly sent: string | null;
  /** Tokens of the prefix [user: prompt] with the generation prompt (vllm-chat, gguf), else null. */
  readonly prefixTokens: number | null;
  /** Local backends: every token id fed to the model (prefix included), where scoring began, and underflows. */
  readonly local?: { readonly tokens: readonly number[]; readonly scoredFrom: number; readonly underflowed: readonly number[] };
}

export interface ItemLogprobs {
  /** One per reference, in the order asked. */
  readonly references: readonly ReferenceLogprobs[];
  readonly usage: Usage | null;
  /** HTTP requests this item took, retries included. */
  readonly requests: number;
}

export interface LogprobBackend {
  readonly name: LogprobBackendName;
  /** Its HTTP requests (or local evaluations), for run.json. */
  readonly counter: RequestCounter;
  /** Where the log-probs come from, for messages: "at HOST (URL)" or "from FILE.gguf". */
  readonly source: string;
  /** What the server said it served (HTTP backends). */
  readonly served?: { readonly model: string | null; readonly systemFingerprint: string | null };
  /** Log-probs of each reference as the continuation of the prompt; unusable replies throw LogprobsUnusableError. */
  score(prompt: string, references: readonly string[], signal: AbortSignal): Promise<ItemLogprobs>;
}

/**
 * A server that cannot give prompt log-probs (none, nulls where numbers belong, or the same value for
 * everything) would turn MC into chance-level scores: the run stops with this error instead.
 */
export class LogprobsUnusableError extends UserError {
  constructor(model: string, source: string, problem: string) {
    super(
      `Kalahi MC cannot be scored with model "${model}" ${source}: ${problem}. ` +
        'MC needs the log-probs of prompt tokens: vLLM serves them (--logprobs completions or vllm-chat), as do servers ' +
        'that honour echo=true with logprobs on /v1/completions; Ollama and llama.cpp cannot. Run --task open to skip MC.',
    );
  }
}

/** Throws when every continuation token, or every reference, of an item got the same log-prob. */
export function assertInformative(result: ItemLogprobs, scores: readonly number[], model: string, source: string): void {
  const tokens = result.references.flatMap((r) => r.tokenLogprobs);
  const first = tokens[0];
  if (tokens.length >= 2 && tokens.every((value) => value === first)) {
    throw new LogprobsUnusableError(model, source, `every token of every reference got the same log-prob (${first})`);
  }
  if (scores.length >= 2 && scores.every((score) => score === scores[0])) {
    throw new LogprobsUnusableError(model, source, `every reference got the same score (${scores[0]})`);
  }
}

/** How an HTTP backend names where its log-probs come from. */
export function endpointSource(endpoint: Endpoint): string {
  return `at ${endpointHost(endpoint)} (${endpoint.baseUrl})`;
}
