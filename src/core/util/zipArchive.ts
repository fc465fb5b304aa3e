import { unzipSync, zipSync, type Zippable } from 'fflate';
import { UserError, errorMessage } from './errors';

/** One member of a zip archive, in the order of the archive's central directory. */
export interface ZipEntry {
  readonly name: string;
  readonly data: Uint8Array;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Every member of a zip archive, in the archive's order (a name written twice keeps its last data, as
 * Python's zipfile resolves it). A file that is not a zip, or is cut short, is one UserError naming it.
 */
export function readZip(bytes: Uint8Array, file: string): ZipEntry[] {
  if (bytes.length < 22 || ZIP_MAGIC.some((b, i) => bytes[i] !== b)) throw new UserError(`${file}: not a zip archive (an .eval log is one); is it the right file, or was it cut short?`);
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(bytes);
  } catch (error) {
    throw new UserError(`${file}: the zip archive is damaged or cut short (${errorMessage(error)}); copy the log again from where it was written`);
  }
  return Object.entries(members).map(([name, data]) => ({ name, data }));
}

/** A zip archive of the entries in their order, deflated (level 5, as Inspect writes its logs). */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const zippable: Zippable = {};
  for (const entry of entries) zippable[entry.name] = [entry.data, { level: 5 }];
  return zipSync(zippable);
}
