import { isUtf8 } from 'node:buffer';
import { InputError } from './errors';

/** Bytes a UTF-8 sequence starting with `lead` continues with, and the range its first continuation byte must lie in. */
function sequenceOf(lead: number): { readonly more: number; readonly low: number; readonly high: number } | undefined {
  if (lead >= 0xc2 && lead <= 0xdf) return { more: 1, low: 0x80, high: 0xbf };
  if (lead === 0xe0) return { more: 2, low: 0xa0, high: 0xbf };
  if (lead === 0xed) return { more: 2, low: 0x80, high: 0x9f };
  if (lead >= 0xe1 && lead <= 0xef) return { more: 2, low: 0x80, high: 0xbf };
  if (lead === 0xf0) return { more: 3, low: 0x90, high: 0xbf };
  if (lead >= 0xf1 && lead <= 0xf3) return { more: 3, low: 0x80, high: 0xbf };
  if (lead === 0xf4) return { more: 3, low: 0x80, high: 0x8f };
  return undefined;
}

/**
 * The offset of the first byte in [start, end) that is not well-formed UTF-8 (Unicode's table 3-7: no
 * overlong form, no surrogate, nothing above U+10FFFF, no sequence cut short), or -1 when all are.
 */
export function invalidUtf8Offset(bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (isUtf8(bytes.subarray(start, end))) return -1;
  for (let i = start; i < end;) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const sequence = sequenceOf(lead);
    if (sequence === undefined) return i;
    for (let k = 1; k <= sequence.more; k++) {
      const byte = i + k < end ? (bytes[i + k] ?? -1) : -1;
      const [low, high] = k === 1 ? [sequence.low, sequence.high] : [0x80, 0xbf];
      if (byte < low || byte > high) return i;
    }
    i += sequence.more + 1;
  }
  return -1;
}

/** What a bad byte looks like in a message: "not valid UTF-8 (byte 1234: 0xff)". */
export function invalidUtf8Message(bytes: Uint8Array, at: number, fileOffset: number): string {
  return `not valid UTF-8 (byte ${fileOffset}: 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')})`;
}

/**
 * The file's text, or an error naming the file, the line and the byte offset of the first byte that is not
 * UTF-8: decoding would turn it into U+FFFD silently, and a rewrite would keep the loss.
 */
export function decodeUtf8(bytes: Buffer, file: string): string {
  const at = invalidUtf8Offset(bytes);
  if (at === -1) return bytes.toString('utf8');
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < at; i = bytes.indexOf(0x0a, i + 1)) line += 1;
  throw new InputError({ file, line }, invalidUtf8Message(bytes, at, at));
}
