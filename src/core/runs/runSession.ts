import { type ChatClient } from '../model/chatClient';
import { type ItemTask } from './itemRunner';
import { type RunManifest } from './runManifest';

/** A run ready to execute: its manifest, a task per item, and the clients whose numbers go into run.json. */
export interface RunSession {
  readonly manifest: RunManifest;
  readonly tasks: ReadonlyMap<string, ItemTask>;
  readonly clients: readonly ChatClient[];
  /** Refreshes the model records in the manifest with what the servers reported (served model, fingerprint). */
  updateManifest(manifest: RunManifest): RunManifest;
}

export interface RunKeys {
  readonly model?: string | undefined;
  readonly judge?: string | undefined;
}
