/** How a local model decodes an answer: what a chat request's sampling parameters become. */
export interface GenerateOptions {
  readonly maxTokens: number;
  /** 0: greedy. */
  readonly temperature: number;
  readonly topP: number;
  /** An unsigned 32-bit integer: the same seed, prompt and settings give the same text. */
  readonly seed: number;
}

/** A 32-bit seed for one decoding step, mixed from the answer's seed and the step (a murmur3 finalizer). */
function stepSeed(seed: number, step: number): number {
  let x = (seed ^ Math.imul(step + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * node-llama-cpp's sampling options for one step. It makes a fresh sampler for each evaluation, so the
 * seed changes with the step (the same seed every step would draw the same uniform number each time).
 * Top-k and min-p off: the whole vocabulary, as an OpenAI-style endpoint samples it.
 */
export function samplerOptions(options: GenerateOptions, step: number): { temperature: number; topP: number; topK: number; minP: number; seed: number } {
  return { temperature: Math.max(0, options.temperature), topP: options.topP, topK: 0, minP: 0, seed: stepSeed(options.seed, step) };
}
