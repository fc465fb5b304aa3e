import { zipSync, type Zippable } from 'fflate';
import { zipMembers } from './zipDirectory';

/** One member of a zip archive, in the order of the archive's central directory. */
export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

/**
 * Every member of a zip archive, inflated, in the archive's order (a name written twice keeps its last data,
 * as Python's zipfile resolves it). A file that is not a zip, or is cut short, is one UserError naming it.
 */
export function readZip(bytes: Uint8Array, file: string): ZipEntry[] {
  return zipMembers(bytes, file).map((member) => ({ name: member.name, data: member.read() }));
}

/** A zip archive of the entries in their order, deflated (level 5, as Inspect writes its logs). */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const zippable: Zippable = {};
  for (const entry of entries) zippable[entry.name] = [entry.data, { level: 5 }];
  return zipSync(zippable);
}
