import { type ResolveOptions } from '../data/resolveSourceFile';
import { type Endpoint } from '../model/endpoint';
import { type ClientEnvironment } from '../runs/modelSpec';
import { type RunManifest } from '../runs/runManifest';
import { type PhaseListener } from '../runs/runPhase';
import { type RunKeys, type RunSession } from '../runs/runSession';

/**
 * The port Start Run's steps are written against: what a wizard may ask of its host. The extension
 * implements it with VS Code's quick picks, input boxes, workspace memento and secret storage; the unit
 * tests with a scripted fake. Core code never sees vscode.
 */
export interface StartRunUi {
  /** One choice of several (undefined: the user cancelled). */
  pickOne<T>(title: string, items: readonly PickItem<T>[]): Promise<T | undefined>;
  /** Any number of choices, `picked` items checked at first (undefined: cancelled). */
  pickMany<T>(title: string, items: readonly PickItem<T>[]): Promise<T[] | undefined>;
  /** A line of text (undefined: cancelled); `validate` gives the problem with a value, undefined when fine. */
  input(options: InputOptions): Promise<string | undefined>;
  /** A file to open (undefined: cancelled). */
  openFile(options: OpenFileOptions): Promise<string | undefined>;
  /** Says why a step's answer cannot be used (the step is then asked again); does not wait for it to be read. */
  showProblem(message: string): void;
  /** A value remembered from an earlier Start Run (the workspace's), by key. */
  remembered(key: string): string | undefined;
  remember(key: string, value: string): Promise<void>;
  /** The settings a wizard may read, read when asked. */
  settings(): StartRunSettings;
  /** The first workspace folder, where relative model folders start (undefined: none open). */
  readonly workspaceRoot: string | undefined;
  /** The host's environment variables (where Ollama keeps its models…). */
  readonly env: NodeJS.ProcessEnv;
  /** Where the official data is looked for now (the data folder setting, else the cache or a download). */
  dataSources(): ResolveOptions;
  /**
   * Says the benchmark's data cannot be had and offers to choose a data folder (which becomes the setting);
   * the folder chosen, undefined when the user chose none.
   */
  chooseDataFolder(message: string): Promise<string | undefined>;
  /** Runs a task that may take a while (a download), showing `title` meanwhile. */
  working<T>(title: string, task: () => Promise<T>): Promise<T>;
  /** The stored API key of an endpoint (secret storage, else the environment). */
  storedKey(endpoint: Endpoint): Promise<string | undefined>;
  storeKey(endpoint: Endpoint, key: string): Promise<void>;
}

export interface PickItem<T> {
  readonly label: string;
  readonly description?: string;
  /** Checked at first (pickMany only). */
  readonly picked?: boolean;
  readonly value: T;
}

export interface InputOptions {
  readonly title: string;
  readonly prompt?: string;
  readonly value?: string;
  readonly password?: boolean;
  validate?(value: string): string | undefined;
}

export interface OpenFileOptions {
  readonly title: string;
  /** Name of a filter: the file extensions it shows, without dots. */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  readonly defaultPath?: string;
}

/** The extension's settings a wizard reads (empty model folders: the official models). */
export interface StartRunSettings {
  readonly bertscoreModel: string;
  readonly bertscoreLayer: number | null;
  readonly bleurtModel: string;
  /** 0: llama.cpp's default. */
  readonly localModelThreads: number;
}

/** What a run's session is given by Start Run: data, clients' pool and cache, keys; a local model's folders. */
export interface StartRunEnvironment extends ClientEnvironment {
  readonly sources: ResolveOptions;
  readonly keys: RunKeys;
  readonly concurrency: number;
  readonly useCache: boolean;
  /** Local runs: where relative model files start, Ollama is looked up and node-llama-cpp may be installed. */
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly runtimeDirs?: readonly string[];
  /** Told of each step before the run's first result (a local model's runtime, loading, hashing…). */
  readonly onPhase?: PhaseListener;
}

/** How a plan's run gets its sessions; each call is given a fresh environment (a new pool: no outage or endpoint state carried over). */
export interface PlanSessions {
  prepare(env: StartRunEnvironment, runName: string): Promise<RunSession>;
  /** The session of the run folder `prepare`'s run made (its run.json), to retry its errors as the CLI's --retry-errors reopens it. */
  reopen(env: StartRunEnvironment, manifest: RunManifest): Promise<RunSession>;
}

/**
 * What a benchmark's steps settle. `endpoint`: a model behind an HTTP endpoint, run with the settings'
 * concurrency and cache and the endpoint's key (asked for when none is stored); `local`: model files run
 * in-process, one item at a time, no cache, no key.
 */
export type StartRunPlan =
  | (PlanSessions & {
      readonly kind: 'endpoint';
      readonly endpoint: Endpoint;
      readonly modelName: string;
      /** A model of the run (YokaiEval's model or judge) is also a local file: the environment carries a local run's folders too. */
      readonly local?: boolean;
    })
  | (PlanSessions & { readonly kind: 'local'; readonly modelName: string });

/** A benchmark's part of Start Run…: its steps after the benchmark pick (steps 2 to 5 of 5). */
export interface StartRunSteps {
  /** How many steps Start Run has with it, the benchmark pick included (none: 5). */
  readonly steps?: number;
  /** Asks what the run needs; undefined when the user cancelled a step. */
  plan(ui: StartRunUi): Promise<StartRunPlan | undefined>;
  /**
   * The session of an existing run folder from its run.json alone, for the Runs view's Resume and Retry
   * Errors (a local model's file, which run.json does not record, is then missing: the CLI's --model-file).
   */
  reopen?(env: StartRunEnvironment, manifest: RunManifest): Promise<RunSession>;
  /** Throws a DataSourceError when the official data a run needs cannot be had from `sources` (checked at the benchmark step). */
  checkData?(sources: ResolveOptions): Promise<void>;
}
