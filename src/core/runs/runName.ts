import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A new run folder name under outDir: benchmark-model-UTC time, with -2, -3… when taken. */
export function uniqueRunName(outDir: string, benchmark: string, model: string, now: Date = new Date()): string {
  const slug = model.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'model';
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const base = `${benchmark}-${slug}-${stamp}`;
  let name = base;
  for (let n = 2; existsSync(join(outDir, name)); n++) name = `${base}-${n}`;
  return name;
}
