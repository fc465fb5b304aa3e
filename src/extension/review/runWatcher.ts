import { type FSWatcher, watch } from 'node:fs';
import type * as vscode from 'vscode';

export type RunFileChange = 'adjudications' | 'results';

/**
 * Watches a run folder (inside the workspace or not) and reports which of its logs changed, debounced, so
 * decisions appended by another window, the CLI or a git pull reach an open panel.
 */
export function watchRunFolder(dir: string, onChange: (changed: ReadonlySet<RunFileChange>) => void, debounceMs = 75): vscode.Disposable {
  const pending = new Set<RunFileChange>();
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const flush = (): void => {
    timer = undefined;
    const changed = new Set(pending);
    pending.clear();
    onChange(changed);
  };
  try {
    watcher = watch(dir, (_event, file) => {
      const name = typeof file === 'string' ? file : '';
      if (name.startsWith('adjudications.jsonl')) pending.add('adjudications');
      else if (name.startsWith('results.jsonl') || name === 'run.json') pending.add('results');
      else return;
      timer ??= setTimeout(flush, debounceMs);
    });
    watcher.on('error', () => undefined);
  } catch {
    watcher = undefined; // a folder that cannot be watched still works; it just is not live
  }
  return {
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      watcher?.close();
    },
  };
}
