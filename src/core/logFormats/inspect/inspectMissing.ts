import { foreignItemId } from '../foreignRunFolder';
import { type InspectSample, type LogHeader } from './inspectLog';

/** How many samples (sample × epoch) the log's header says it ran, and which of them the file does not hold. */
export interface MissingSamples {
  /** The header's count: results.total_samples, else (eval.dataset.sample_ids, else .samples) × epochs; null when it has none. */
  readonly declared: number | null;
  readonly found: number;
  /** declared − found, never below 0. */
  readonly lacking: number;
  /** `<id>#<epoch>` of each sample the file lacks, when the header lists the ids (eval.dataset.sample_ids); else null. */
  readonly itemIds: readonly string[] | null;
}

/** The item ids the header's sample ids and epochs make, in Inspect's order (epoch, then the header's order). */
function expectedIds(header: LogHeader): string[] | null {
  const ids = header.eval.dataset?.sample_ids;
  if (ids === undefined || ids === null) return null;
  const epochs = header.eval.config?.epochs ?? 1;
  const expected: string[] = [];
  for (let epoch = 1; epoch <= epochs; epoch += 1) for (const id of ids) expected.push(foreignItemId(String(id), epoch));
  return expected;
}

export function missingSamples(header: LogHeader, samples: readonly Pick<InspectSample, 'id' | 'epoch'>[]): MissingSamples {
  const expected = expectedIds(header);
  const perEpoch = header.eval.dataset?.sample_ids?.length ?? header.eval.dataset?.samples ?? null;
  const declared = header.results?.total_samples ?? (perEpoch === null ? null : perEpoch * (header.eval.config?.epochs ?? 1));
  const found = samples.length;
  const lacking = declared === null ? 0 : Math.max(declared - found, 0);
  if (lacking === 0 || expected === null || expected.length !== declared) return { declared, found, lacking, itemIds: null };
  const present = new Set(samples.map((s) => foreignItemId(String(s.id), s.epoch)));
  return { declared, found, lacking, itemIds: expected.filter((id) => !present.has(id)) };
}

const LISTED = 20;

/** "the log's header declares 4 samples; the file holds 2: 2 missing (2#1, 1#2)", or null when none is missing. */
export function missingNote(missing: MissingSamples): string | null {
  if (missing.lacking === 0 || missing.declared === null) return null;
  const ids = missing.itemIds;
  const which =
    ids === null
      ? ' (the header lists no sample ids to name them)'
      : ` (${ids.slice(0, LISTED).join(', ')}${ids.length > LISTED ? `, and ${ids.length - LISTED} more` : ''})`;
  return `the log's header declares ${missing.declared} samples; the file holds ${missing.found}: ${missing.lacking} missing${which}`;
}
