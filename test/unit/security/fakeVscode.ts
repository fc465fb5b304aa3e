/**
 * Just enough of the `vscode` module to run the review panel's host code in node's test runner: the parts
 * the panel touches are recorded; anything else is an inert function. Installed by installFakeVscode()
 * before the panel's module is loaded (node resolves 'vscode' to this file).
 */
import Module from 'node:module';

export interface FakeUri {
  readonly scheme: string;
  readonly fsPath: string;
  readonly path: string;
  toString(): string;
}

function uri(scheme: string, path: string): FakeUri {
  return { scheme, fsPath: path, path, toString: () => `${scheme}://${path}` };
}

export const calls = {
  warnings: [] as string[],
  errors: [] as string[],
  infos: [] as string[],
  opened: [] as string[],
  /** Every message shown with its buttons, in order. */
  messages: [] as { kind: 'error' | 'warning' | 'info'; message: string; items: string[] }[],
  executed: [] as unknown[][],
};

/** The buttons the "user" clicks next, one per message that offers buttons (else it is dismissed). */
export const answers: (string | undefined)[] = [];

function shown(kind: 'error' | 'warning' | 'info', message: string, items: unknown[]): Promise<string | undefined> {
  const buttons = items.filter((item): item is string => typeof item === 'string');
  calls.messages.push({ kind, message, items: buttons });
  return Promise.resolve(buttons.length > 0 ? answers.shift() : undefined);
}

export const Uri = {
  file: (path: string): FakeUri => uri('file', path),
  parse: (text: string): FakeUri => {
    const at = text.indexOf(':');
    return uri(text.slice(0, at), text.slice(at + 1));
  },
  joinPath: (base: FakeUri, ...parts: string[]): FakeUri => uri(base.scheme, [base.path, ...parts].join('/')),
};

export const window = {
  showWarningMessage: (message: string, ...items: unknown[]): Promise<string | undefined> => {
    calls.warnings.push(message);
    return shown('warning', message, items);
  },
  showErrorMessage: (message: string, ...items: unknown[]): Promise<string | undefined> => {
    calls.errors.push(message);
    return shown('error', message, items);
  },
  showInformationMessage: (message: string, ...items: unknown[]): Promise<string | undefined> => {
    calls.infos.push(message);
    return shown('info', message, items);
  },
};

export const commands = {
  executeCommand: (...args: unknown[]): Promise<undefined> => {
    calls.executed.push(args);
    return Promise.resolve(undefined);
  },
};

export const env = {
  openExternal: (target: FakeUri): Promise<boolean> => {
    calls.opened.push(target.toString());
    return Promise.resolve(true);
  },
};

export const ViewColumn = { Active: -1, One: 1, Beside: -2 };

const noEvent = (): { dispose: () => void } => ({ dispose: () => undefined });

export const workspace = {
  workspaceFolders: undefined,
  getConfiguration: () => ({ get: () => undefined }),
  createFileSystemWatcher: () => ({ onDidChange: noEvent, onDidCreate: noEvent, onDidDelete: noEvent, dispose: () => undefined }),
};

/** The Runs view's items, as plain records of what it set. */
export class TreeItem {
  id: string | undefined;
  description: string | undefined;
  tooltip: unknown;
  iconPath: unknown;
  resourceUri: unknown;
  contextValue: string | undefined;
  command: unknown;
  constructor(readonly label: string) {}
}

export class ThemeIcon {
  constructor(readonly id: string) {}
}

export class MarkdownString {
  isTrusted = false;
  constructor(
    public value = '',
    readonly supportThemeIcons = false,
  ) {}
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
}

export class EventEmitter<T> {
  private listeners: ((value: T) => void)[] = [];
  readonly event = (listener: (value: T) => void): { dispose: () => void } => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

let installed = false;

/** Makes `require('vscode')` load this module. */
export function installFakeVscode(): void {
  if (installed) return;
  installed = true;
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return request === 'vscode' ? __filename : resolve.call(this, request, ...rest);
  };
}
