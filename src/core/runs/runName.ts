import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A new run folder name under outDir: benchmark-model-UTC time, with -2, -3… when taken. */
export function uniqueRunName(outDir: string, benchmark: string, model: string, now: Date = new Date()): string {
  const slug =
    model
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'model';
  // The prefix may come from a file (a source run's id when re-judging): a plain name, never a path.
  const prefix = benchmark.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'run';
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const base = `${prefix}-${slug}-${stamp}`;
  let name = base;
  for (let n = 2; existsSync(join(outDir, name)); n++) name = `${base}-${n}`;
  return name;
}
