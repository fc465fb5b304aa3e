import { type FSWatcher, watch } from 'node:fs';
import type * as vscode from 'vscode';

/** 'validation': samples.jsonl or stability.jsonl (drawn samples, judge stability), which only reports read. */
export type RunFileChange = 'adjudications' | 'results' | 'validation';

/**
 * Watches a run folder (inside the workspace or not) and reports which of its logs changed, debounced, so
 * decisions appended by another window, the CLI or a git pull reach an open panel. Results of a running run
 * arrive many times a second, so they are batched over a longer interval.
 */
export function watchRunFolder(
  dir: string,
  onChange: (changed: ReadonlySet<RunFileChange>) => void,
  debounceMs = 75,
  resultsDebounceMs = 300,
): vscode.Disposable {
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
      let delay = debounceMs;
      if (name.startsWith('adjudications.jsonl')) pending.add('adjudications');
      else if (name.startsWith('samples.jsonl') || name.startsWith('stability.jsonl')) pending.add('validation');
      else if (name.startsWith('results.jsonl') || name === 'run.json') {
        pending.add('results');
        delay = resultsDebounceMs;
      } else return;
      timer ??= setTimeout(flush, delay);
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
