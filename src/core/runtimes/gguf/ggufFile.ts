import { open } from 'node:fs/promises';
import { type FileHandle } from 'node:fs/promises';

/** GGUF's metadata value types, as numbered by the format. */
export const GGUF_VALUE_TYPE = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

export type GgufValue = number | bigint | boolean | string | readonly GgufValue[];

export interface GgufTensorInfo {
  readonly name: string;
  /** ne[0] first: the fastest-varying dimension. */
  readonly dims: readonly number[];
  /** ggml type (0 F32, 1 F16, …). */
  readonly type: number;
  /** From the start of the tensor data section. */
  readonly offset: number;
}

export interface GgufHeader {
  readonly version: number;
  readonly metadata: ReadonlyMap<string, GgufValue>;
  readonly tensors: readonly GgufTensorInfo[];
  /** Where tensor data begins in the file (aligned). */
  readonly dataOffset: number;
  readonly fileSize: number;
}

/** The file is not a readable GGUF; the message says why (the caller names the file). */
export class GgufFormatError extends Error {
  override readonly name = 'GgufFormatError';
}

const MAGIC = 0x46554747; // "GGUF" read as a little-endian u32
const CHUNK = 1 << 20;
/** Guards against a corrupt length making us allocate gigabytes. */
const MAX_STRING_BYTES = 64 << 20;
const MAX_ARRAY_LENGTH = 1 << 26;

/** Sequential little-endian reads from a file, buffered, failing clearly at the end of the file. */
class FileCursor {
  private buffer = Buffer.alloc(0);
  private bufferStart = 0;
  position = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  private async ensure(bytes: number): Promise<Buffer> {
    if (this.position + bytes > this.size) {
      throw new GgufFormatError(`the file ends at byte ${this.size} inside its header (it is truncated)`);
    }
    const end = this.bufferStart + this.buffer.length;
    if (this.position < this.bufferStart || this.position + bytes > end) {
      const length = Math.min(Math.max(bytes, CHUNK), this.size - this.position);
      const fresh = Buffer.alloc(length);
      const { bytesRead } = await this.handle.read(fresh, 0, length, this.position);
      if (bytesRead < bytes) throw new GgufFormatError(`could read only ${bytesRead} of ${bytes} bytes at offset ${this.position}`);
      this.buffer = fresh.subarray(0, bytesRead);
      this.bufferStart = this.position;
    }
    const at = this.position - this.bufferStart;
    this.position += bytes;
    return this.buffer.subarray(at, at + bytes);
  }

  async u32(): Promise<number> {
    return (await this.ensure(4)).readUInt32LE(0);
  }

  async u64(): Promise<number> {
    const value = (await this.ensure(8)).readBigUInt64LE(0);
    if (value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new GgufFormatError(`a length of ${value} at offset ${this.position - 8} is not plausible`);
    return Number(value);
  }

  async string(): Promise<string> {
    const length = await this.u64();
    if (length > MAX_STRING_BYTES) throw new GgufFormatError(`a string of ${length} bytes at offset ${this.position - 8} is not plausible`);
    return (await this.ensure(length)).toString('utf8');
  }

  async value(type: number, depth = 0): Promise<GgufValue> {
    switch (type) {
      case GGUF_VALUE_TYPE.uint8:
        return (await this.ensure(1)).readUInt8(0);
      case GGUF_VALUE_TYPE.int8:
        return (await this.ensure(1)).readInt8(0);
      case GGUF_VALUE_TYPE.uint16:
        return (await this.ensure(2)).readUInt16LE(0);
      case GGUF_VALUE_TYPE.int16:
        return (await this.ensure(2)).readInt16LE(0);
      case GGUF_VALUE_TYPE.uint32:
        return (await this.ensure(4)).readUInt32LE(0);
      case GGUF_VALUE_TYPE.int32:
        return (await this.ensure(4)).readInt32LE(0);
      case GGUF_VALUE_TYPE.float32:
        return (await this.ensure(4)).readFloatLE(0);
      case GGUF_VALUE_TYPE.bool:
        return (await this.ensure(1)).readUInt8(0) !== 0;
      case GGUF_VALUE_TYPE.string:
        return this.string();
      case GGUF_VALUE_TYPE.uint64:
        return (await this.ensure(8)).readBigUInt64LE(0);
      case GGUF_VALUE_TYPE.int64:
        return (await this.ensure(8)).readBigInt64LE(0);
      case GGUF_VALUE_TYPE.float64:
        return (await this.ensure(8)).readDoubleLE(0);
      case GGUF_VALUE_TYPE.array: {
        if (depth > 4) throw new GgufFormatError('arrays nested too deeply');
        const itemType = await this.u32();
        const length = await this.u64();
        if (length > MAX_ARRAY_LENGTH) throw new GgufFormatError(`an array of ${length} values is not plausible`);
        const items: GgufValue[] = [];
        for (let i = 0; i < length; i++) items.push(await this.value(itemType, depth + 1));
        return items;
      }
      default:
        throw new GgufFormatError(`unknown metadata value type ${type} at offset ${this.position - 4}`);
    }
  }
}

/**
 * Reads a GGUF file's header: metadata and tensor table, not the tensor data. Checks what llama.cpp
 * would otherwise fail on less clearly: the magic, the version, and that every tensor lies inside the file.
 */
export async function readGgufHeader(path: string): Promise<GgufHeader> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const cursor = new FileCursor(handle, size);
    if (size < 8 || (await cursor.u32()) !== MAGIC) throw new GgufFormatError('it is not a GGUF file (no "GGUF" magic at its start)');
    const version = await cursor.u32();
    if (version < 2 || version > 3) throw new GgufFormatError(`GGUF version ${version} is not supported (2 and 3 are)`);
    const tensorCount = await cursor.u64();
    const metadataCount = await cursor.u64();
    const metadata = new Map<string, GgufValue>();
    for (let i = 0; i < metadataCount; i++) {
      const key = await cursor.string();
      metadata.set(key, await cursor.value(await cursor.u32()));
    }
    const tensors: GgufTensorInfo[] = [];
    for (let i = 0; i < tensorCount; i++) {
      const name = await cursor.string();
      const rank = await cursor.u32();
      if (rank > 8) throw new GgufFormatError(`tensor "${name}" has ${rank} dimensions`);
      const dims: number[] = [];
      for (let d = 0; d < rank; d++) dims.push(await cursor.u64());
      const type = await cursor.u32();
      const offset = await cursor.u64();
      tensors.push({ name, dims, type, offset });
    }
    const alignmentValue = metadata.get('general.alignment');
    const alignment = typeof alignmentValue === 'number' && alignmentValue > 0 ? alignmentValue : 32;
    const dataOffset = Math.ceil(cursor.position / alignment) * alignment;
    for (const tensor of tensors) {
      const bytes = tensorBytes(tensor) ?? 1;
      if (dataOffset + tensor.offset + bytes > size) {
        throw new GgufFormatError(`tensor "${tensor.name}" ends past the end of the file (byte ${size}): the file is truncated`);
      }
    }
    return { version, metadata, tensors, dataOffset, fileSize: size };
  } finally {
    await handle.close();
  }
}

/** Bytes of the types whose size is simple (F32, F16, BF16); null for block-quantized types (llama.cpp checks those). */
function tensorBytes(tensor: GgufTensorInfo): number | null {
  const elements = tensor.dims.reduce((a, b) => a * b, 1);
  if (tensor.type === 0) return elements * 4;
  if (tensor.type === 1 || tensor.type === 30) return elements * 2;
  return null;
}

export function metadataString(header: GgufHeader, key: string): string | null {
  const value = header.metadata.get(key);
  return typeof value === 'string' ? value : null;
}

export function metadataNumber(header: GgufHeader, key: string): number | null {
  const value = header.metadata.get(key);
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  return null;
}

export function metadataBoolean(header: GgufHeader, key: string): boolean | null {
  const value = header.metadata.get(key);
  return typeof value === 'boolean' ? value : null;
}
