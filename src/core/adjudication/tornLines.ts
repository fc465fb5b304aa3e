import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { type LogProblem } from './adjudicationLog';
import { findLastNewline } from '../util/tornLineRepair';
import { type RunPaths } from '../runs/runFolder';

/**
 * A torn last line of results.jsonl or adjudications.jsonl, for the read-only commands and the review to
 * report (file, line and byte offset): they read around it, and only the next writer moves it aside. Costs
 * a read of the file's tail; the file is read whole (to number the line) only when its tail is torn.
 */
export function tornLineProblems(paths: Pick<RunPaths, 'results' | 'adjudications'>): LogProblem[] {
  return [paths.results, paths.adjudications].flatMap((path) => {
    const torn = tornTailOf(path);
    if (torn === undefined) return [];
    const message = `${path} line ${torn.line}: a torn last line at byte ${torn.offset} (${torn.bytes} bytes without a newline: a write cut short, or one still going on); it is not read, and the next run or decision moves it to ${basename(path)}.torn-<time>`;
    return [{ line: torn.line, message }];
  });
}

function tornTailOf(path: string): { line: number; offset: number; bytes: number } | undefined {
  if (!existsSync(path)) return undefined;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const offset = findLastNewline(fd, size) + 1;
    if (offset === size) return undefined;
    return { line: newlinesBefore(fd, offset) + 1, offset, bytes: size - offset };
  } finally {
    closeSync(fd);
  }
}

function newlinesBefore(fd: number, end: number): number {
  const chunk = Buffer.alloc(1024 * 1024);
  let count = 0;
  for (let position = 0; position < end;) {
    const got = readSync(fd, chunk, 0, Math.min(chunk.length, end - position), position);
    if (got === 0) break;
    for (let i = chunk.indexOf(0x0a); i !== -1 && i < got; i = chunk.indexOf(0x0a, i + 1)) count += 1;
    position += got;
  }
  return count;
}
