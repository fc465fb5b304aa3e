import { type ChatMessage } from '../model/chatClient';
import { type ItemTask } from './itemRunner';
import { type RunManifest } from './runManifest';
import { type BenchmarkBasics } from './benchmarkBasics';

/** Anything that sends requests for a run (the chat client, Kalahi's log-prob client): its count goes into run.json. */
export interface RequestCounter {
  readonly requestsSent: number;
  /** Told of each request as it is sent, so that the run folder can keep the count (requestLedger.ts). */
  onRequest?: (() => void) | undefined;
}

/** A run ready to execute: its manifest, a task per item, and the clients whose numbers go into run.json. */
export interface RunSession {
  readonly manifest: RunManifest;
  /** Its benchmark's basics: a resumed run's results are checked against them while they are read. */
  readonly basics: BenchmarkBasics;
  readonly tasks: ReadonlyMap<string, ItemTask>;
  readonly clients: readonly RequestCounter[];
  /**
   * Checks, before anything is written, that the server can do what the run needs (Kalahi MC: usable
   * prompt log-probs), given the items about to run; throws a UserError when it cannot. `workers` items
   * run at once: a preflight may start the next items' requests beside its check (and drop them if it fails).
   */
  preflight?(itemIds: readonly string[], signal?: AbortSignal, workers?: number): Promise<void>;
  /** Refreshes the model records in the manifest with what the servers reported (served model, fingerprint). */
  updateManifest(manifest: RunManifest): RunManifest;
  /** What a dry run shows: the first items' requests, and every request's count and size, sending nothing. */
  preview(shown: number): RunPreview;
  /** Frees what the session holds beyond the run (in-process model sessions); called once the run ends. */
  release?(): Promise<void>;
}

export interface PreviewRequest {
  readonly label: string;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
}

export interface RunPreview {
  readonly first: readonly { readonly itemId: string; readonly requests: readonly PreviewRequest[] }[];
  readonly requestCount: number;
  /** Prompt tokens (estimated) of every request, and the most completion tokens the run may use. */
  readonly promptTokenEstimate: number;
  readonly maxCompletionTokens: number;
  readonly notes: readonly string[];
}

export interface RunKeys {
  readonly model?: string | undefined;
  readonly judge?: string | undefined;
}
