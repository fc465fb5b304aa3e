import { KALAHI_MANIFEST } from './manifest';
import { type ResolveOptions, type ResolvedSourceFile, resolveSourceFile } from '../../data/resolveSourceFile';
import { type KalahiItem, parseKalahiCsv } from './dataset';

/** The three official files: the full prompts, without the "User" component, without "User" and "Personal situation". */
export const KALAHI_VARIANTS = ['full', 'partially-enriched', 'unenriched'] as const;
export type KalahiVariant = (typeof KALAHI_VARIANTS)[number];

export interface KalahiSources {
  readonly items: KalahiItem[];
  readonly file: ResolvedSourceFile;
}

/** The variant's CSV (a local copy, the cache or a download, verified by sha256), parsed. */
export async function loadKalahiSources(variant: KalahiVariant, options: ResolveOptions): Promise<KalahiSources> {
  const file = await resolveSourceFile(KALAHI_MANIFEST, variant, options);
  return { items: parseKalahiCsv(file.bytes.toString('utf8'), file.path), file };
}
