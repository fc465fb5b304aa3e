/** What the thread running an ONNX session and the thread using it say to each other (sessionThread.ts). */

/** Set when the thread starts (workerData). */
export interface SessionThreadStart {
  readonly path: string;
}

export interface RunRequest {
  readonly kind: 'run';
  readonly id: number;
  /** int64 inputs, row-major [batch, sequence]; their buffers are transferred. */
  readonly feeds: Readonly<Record<string, BigInt64Array>>;
  readonly dims: readonly [number, number];
  readonly outputs: readonly string[];
}

export type ToSessionThread = RunRequest | { readonly kind: 'release' };

/** One output of a batch: row-major [batch, ...dims] float32 values. */
export interface BatchOutput {
  readonly data: Float32Array;
  readonly dims: readonly number[];
}

export type FromSessionThread =
  | { readonly kind: 'ready'; readonly inputNames: readonly string[]; readonly outputNames: readonly string[] }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'done'; readonly id: number; readonly outputs: Readonly<Record<string, BatchOutput>> }
  | { readonly kind: 'error'; readonly id: number; readonly message: string }
  | { readonly kind: 'released' };
