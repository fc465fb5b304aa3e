import { zipSync, type Zippable } from 'fflate';

/** One member of a zip archive with its data (read by zipMembers in zipDirectory.ts, written by writeZip). */
export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

/** A zip archive of the entries in their order, deflated (level 5, as Inspect writes its logs). */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const zippable: Zippable = {};
  for (const entry of entries) zippable[entry.name] = [entry.data, { level: 5 }];
  return zipSync(zippable);
}
