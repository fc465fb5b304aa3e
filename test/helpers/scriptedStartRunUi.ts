import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ResolveOptions } from '../../src/core/data/resolveSourceFile';
import { type Endpoint } from '../../src/core/model/endpoint';
import { type PickItem, type StartRunSettings, type StartRunUi } from '../../src/core/startRunSteps/startRunUi';
import { sharedDataDir } from './sharedData';

/** An answer that cancels the step (Escape). */
export const CANCEL = Symbol('cancel');
/** An answer that accepts what the step offers: the input's value, the checked items. */
export const KEEP = Symbol('keep');
/** A label to pick, labels to check, text to type or a file to choose. */
export type Answer = string | readonly string[] | typeof CANCEL | typeof KEEP;

export interface ShownItem {
  readonly label: string;
  readonly description?: string;
  readonly picked?: boolean;
}

/** What each step showed, as the user saw it. */
export type Shown =
  | { readonly kind: 'pickOne' | 'pickMany'; readonly title: string; readonly items: readonly ShownItem[] }
  | {
      readonly kind: 'input';
      readonly title: string;
      readonly prompt?: string;
      readonly value?: string;
      readonly password?: boolean;
      readonly emptyProblem?: string;
    }
  | {
      readonly kind: 'openFile';
      readonly title: string;
      readonly filters: Readonly<Record<string, readonly string[]>>;
      readonly defaultPath?: string;
    }
  /** A refusal: its message, shown as it is. */
  | { readonly kind: 'problem'; readonly title: string }
  /** The data cannot be had: the message, a data folder offered (answered with a folder, or CANCEL). */
  | { readonly kind: 'dataFolder'; readonly title: string };

export interface ScriptedUi extends StartRunUi {
  /** Every step shown, in order. */
  readonly shown: Shown[];
  /** The remembered values now. */
  readonly memory: Map<string, string>;
  /** The stored API keys, by base URL. */
  readonly keys: Map<string, string>;
  /** Answers not used yet. */
  remaining(): number;
}

export interface ScriptOptions {
  readonly remembered?: Readonly<Record<string, string>>;
  readonly settings?: Partial<StartRunSettings>;
  readonly workspaceRoot?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly keys?: Readonly<Record<string, string>>;
  /** The data folder setting (default: the tests' shared data); undefined: none, the cache then a download. */
  readonly dataDir?: string | undefined;
  /** Where official files are cached and downloaded from (default: the user's cache, no download override). */
  readonly sources?: Omit<ResolveOptions, 'dataDir'>;
}

function shownItem<T>(item: PickItem<T>): ShownItem {
  return {
    label: item.label,
    ...(item.description !== undefined ? { description: item.description } : {}),
    ...(item.picked !== undefined ? { picked: item.picked } : {}),
  };
}

/** A fake Start Run port answering each step from a script; it fails on a step the script did not expect. */
export function scriptedUi(answers: readonly Answer[], options: ScriptOptions = {}): ScriptedUi {
  const queue = [...answers];
  const shown: Shown[] = [];
  const memory = new Map(Object.entries(options.remembered ?? {}));
  const keys = new Map(Object.entries(options.keys ?? {}));
  let dataDir = 'dataDir' in options ? options.dataDir : sharedDataDir;
  const next = (title: string): Answer => {
    const answer = queue.shift();
    if (answer === undefined) throw new Error(`the script has no answer for the step "${title}"`);
    return answer;
  };
  const byLabel = <T>(items: readonly PickItem<T>[], label: string, title: string): T => {
    const item = items.find((i) => i.label === label);
    if (item === undefined) throw new Error(`"${title}" offers no "${label}" (${items.map((i) => i.label).join(', ')})`);
    return item.value;
  };
  return {
    shown,
    memory,
    keys,
    remaining: () => queue.length,
    pickOne: (title, items) => {
      shown.push({ kind: 'pickOne', title, items: items.map(shownItem) });
      const answer = next(title);
      if (answer === CANCEL) return Promise.resolve(undefined);
      if (typeof answer !== 'string') throw new Error(`"${title}" takes one label`);
      return Promise.resolve(byLabel(items, answer, title));
    },
    pickMany: (title, items) => {
      shown.push({ kind: 'pickMany', title, items: items.map(shownItem) });
      const answer = next(title);
      if (answer === CANCEL) return Promise.resolve(undefined);
      if (answer === KEEP) return Promise.resolve(items.filter((i) => i.picked === true).map((i) => i.value));
      if (typeof answer === 'string') throw new Error(`"${title}" takes a list of labels`);
      return Promise.resolve(answer.map((label) => byLabel(items, label, title)));
    },
    input: (o) => {
      const emptyProblem = o.validate?.('');
      shown.push({
        kind: 'input',
        title: o.title,
        ...(o.prompt !== undefined ? { prompt: o.prompt } : {}),
        ...(o.value !== undefined ? { value: o.value } : {}),
        ...(o.password !== undefined ? { password: o.password } : {}),
        ...(emptyProblem !== undefined ? { emptyProblem } : {}),
      });
      const answer = next(o.title);
      if (answer === CANCEL) return Promise.resolve(undefined);
      const text = answer === KEEP ? (o.value ?? '') : answer;
      if (typeof text !== 'string') throw new Error(`"${o.title}" takes text`);
      const problem = o.validate?.(text);
      if (problem !== undefined) throw new Error(`"${o.title}" refuses "${text}": ${problem}`);
      return Promise.resolve(text);
    },
    openFile: (o) => {
      shown.push({
        kind: 'openFile',
        title: o.title,
        filters: o.filters,
        ...(o.defaultPath !== undefined ? { defaultPath: o.defaultPath } : {}),
      });
      const answer = next(o.title);
      if (answer === CANCEL) return Promise.resolve(undefined);
      if (typeof answer !== 'string') throw new Error(`"${o.title}" takes a path`);
      return Promise.resolve(answer);
    },
    showProblem: (message) => {
      shown.push({ kind: 'problem', title: message });
    },
    remembered: (key) => memory.get(key),
    remember: (key, value) => {
      memory.set(key, value);
      return Promise.resolve();
    },
    settings: () => ({ bertscoreModel: '', bertscoreLayer: null, bleurtModel: '', localModelThreads: 0, ...options.settings }),
    dataSources: () => ({ ...options.sources, dataDir }),
    chooseDataFolder: (message) => {
      shown.push({ kind: 'dataFolder', title: message });
      const answer = next(message);
      if (answer === CANCEL) return Promise.resolve(undefined);
      if (typeof answer !== 'string') throw new Error(`"${message}" takes a folder`);
      dataDir = answer;
      return Promise.resolve(answer);
    },
    working: (_title, task) => task(),
    workspaceRoot: options.workspaceRoot,
    // No model cache unless a test gives one: hub models are then never found on the machine running the tests.
    env: options.env ?? { EVAL_ADJUDICATOR_CACHE: join(tmpdir(), 'scripted-start-run-empty-cache') },
    storedKey: (endpoint: Endpoint) => Promise.resolve(keys.get(endpoint.baseUrl)),
    storeKey: (endpoint: Endpoint, key: string) => {
      keys.set(endpoint.baseUrl, key);
      return Promise.resolve();
    },
  };
}
