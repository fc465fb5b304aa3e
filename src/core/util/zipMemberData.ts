import { constants as bufferConstants } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import { Decompress } from 'fzstd';
import { UserError, errorMessage } from './errors';

export const STORED = 0;
export const DEFLATED = 8;
/** Zstandard (APPNOTE 4.4.5): what Inspect 0.3.206 and later write, as multi-frame streams. */
export const ZSTD = 93;
export const READ_METHODS: readonly number[] = [STORED, DEFLATED, ZSTD];

/** The largest member read: one JSON text cannot be longer than the longest string the runtime makes. */
export const MAX_MEMBER_BYTES = bufferConstants.MAX_STRING_LENGTH;

export function damaged(file: string, what: string): UserError {
  return new UserError(`${file}: the zip archive is damaged or cut short (${what}); copy the log again from where it was written`);
}

/** A zstd stream of one or more frames into a buffer of the member's declared size; more than that is refused. */
function unzstd(data: Uint8Array, size: number, fail: (what: string) => UserError): Uint8Array {
  const out = new Uint8Array(size);
  let written = 0;
  const stream = new Decompress((chunk) => {
    if (written + chunk.length > size) throw fail(`more data than its declared ${size} bytes`);
    out.set(chunk, written);
    written += chunk.length;
  });
  stream.push(data, true);
  if (written !== size) throw fail(`${written} bytes where ${size} are declared`);
  return out;
}

/**
 * A member's bytes from its stored, deflated or zstd data, checked against the size and CRC-32 of its
 * central directory entry: a damaged member is refused, naming it, never read as something else.
 */
export function decodeMember(
  data: Uint8Array,
  member: { readonly name: string; readonly method: number; readonly size: number; readonly crc: number },
  file: string,
): Uint8Array {
  const fail = (what: string): UserError => damaged(file, `${member.name}: ${what}`);
  let out: Uint8Array;
  try {
    if (member.method === STORED) out = data;
    else if (member.method === DEFLATED) out = inflateRawSync(data, { maxOutputLength: Math.max(member.size, 1) });
    else out = unzstd(data, member.size, fail);
  } catch (error) {
    throw error instanceof UserError ? error : fail(errorMessage(error));
  }
  if (out.length !== member.size) throw fail(`${out.length} bytes where ${member.size} are declared`);
  if (crc32(out) >>> 0 !== member.crc >>> 0)
    throw new UserError(
      `${file}: ${member.name} fails its CRC-32 check (the log is damaged); copy the log again from where it was written`,
    );
  return out;
}
