import * as z from 'zod';
import { type RunManifest } from '../runs/runManifest';
import { InputError } from '../util/errors';
import { firstIssue } from '../util/zodIssues';

/** run.json's pointer from a re-judged run to the run whose responses it judged again. */
export const SourceRunSchema = z.object({
  id: z.string().min(1),
  /** The source run folder, relative to this run folder when they share a file system root. */
  dir: z.string().min(1),
  /** sha256 of the source's results.jsonl when the re-judge began. */
  resultsSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SourceRun = z.infer<typeof SourceRunSchema>;

/** A re-judged run's source (run.json sourceRun), or undefined for any other run; a bad one names the field. */
export function sourceRunOf(manifest: RunManifest, file: string): SourceRun | undefined {
  const raw = manifest['sourceRun'];
  if (raw === undefined) return undefined;
  const parsed = SourceRunSchema.safeParse(raw);
  if (!parsed.success) {
    const { field, message } = firstIssue(parsed.error);
    throw new InputError({ file, field: `sourceRun.${field}` }, message);
  }
  return parsed.data;
}
