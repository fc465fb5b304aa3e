/**
 * The steps a run goes through before its first result, reported so that minutes of loading are not
 * minutes of silence (a local model: its runtime started, the model loaded, the file hashed, the items
 * checked against its context, the first item scored).
 */
export type RunPhaseStep = 'starting-runtime' | 'loading-model' | 'hashing' | 'checking-fit' | 'first-item';

export interface RunPhase {
  readonly step: RunPhaseStep;
  /** What is happening, as a user reads it ("loading tiny.gguf (1.2 MB)"); no trailing ellipsis. */
  readonly message: string;
}

export type PhaseListener = (phase: RunPhase) => void;

/** A file size as people read it: 812 B, 1.2 MB, 4.1 GB. */
export function readableSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit] ?? ''}`;
}
