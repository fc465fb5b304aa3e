import { type ResolveOptions } from '../data/resolveSourceFile';
import { type ClientEnvironment } from '../runs/modelSpec';
import { type RunManifest } from '../runs/runManifest';
import { type PhaseListener } from '../runs/runPhase';
import { type RunKeys, type RunSession } from '../runs/runSession';
import { type CliIo } from './io';
import { type Parsed } from './options';

/** What a session needs from the command line whatever the benchmark: data, cache, pool, retries, keys. */
export interface RunEnvironment extends ClientEnvironment {
  readonly sources: ResolveOptions;
  readonly keys: RunKeys;
  readonly concurrency: number;
  readonly useCache: boolean;
  /** Told of each step before a run's first result (a local model's loading…), for the progress output. */
  readonly onPhase?: PhaseListener;
}

export type OptionSpecs = Readonly<Record<string, { readonly type: 'string' | 'boolean' }>>;

/** The benchmark-independent part of `run`, handed to a benchmark's module. */
export interface RunContext {
  readonly command: string;
  readonly parsed: Parsed;
  readonly io: CliIo;
  readonly dryRun: boolean;
  /** The session's environment; its concurrency is --concurrency, else `defaultConcurrency` (a resumed run's own). */
  environment(keys: RunKeys, defaultConcurrency?: number): RunEnvironment;
  /** A new run's folder name: --name, else benchmark-model-time. */
  runName(modelName: string): string;
}

/** A benchmark's part of `run`: its options and help, and how it makes or reopens a session. */
export interface BenchmarkRunCli {
  /** The benchmark's id: `run <name>`. */
  readonly name: string;
  readonly help: string;
  /** Options of this benchmark only; the shared ones are in SHARED_RUN_OPTIONS. */
  readonly options: OptionSpecs;
  /** A new run's session from the command line; sends nothing. */
  prepare(context: RunContext): Promise<RunSession>;
  /** The session of an existing run, to resume it or retry its errors. */
  reopen(manifest: RunManifest, context: RunContext): Promise<RunSession>;
}
