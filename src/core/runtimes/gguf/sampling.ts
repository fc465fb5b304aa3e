/** How a local model decodes an answer: what a chat request's sampling parameters become. */
export interface GenerateOptions {
  readonly maxTokens: number;
  /** 0: greedy. */
  readonly temperature: number;
  readonly topP: number;
  /** An unsigned 32-bit integer: the same seed, prompt and settings give the same text. */
  readonly seed: number;
}
