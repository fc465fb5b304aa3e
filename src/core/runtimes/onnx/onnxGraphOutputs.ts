import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UserError, errorMessage } from '../../util/errors';

// Field numbers of onnx.proto (github.com/onnx/onnx, onnx/onnx.proto): ModelProto.graph, GraphProto.output, ValueInfoProto.name.
const MODEL_GRAPH = 7;
const GRAPH_OUTPUT = 12;
const VALUE_INFO_NAME = 1;

const WIRE = { varint: 0, fixed64: 1, lengthDelimited: 2, fixed32: 5 } as const;

/** Fills `buffer` from byte `at` of the source; the bytes read. */
type ReadAt = (buffer: Buffer, at: number) => number;

interface Field {
  readonly field: number;
  readonly wire: number;
  /** Where its value starts, and its length in bytes. */
  readonly at: number;
  readonly length: number;
}

/** Reads protobuf fields at positions of a source a few bytes at a time: what is skipped is never read. */
class FieldReader {
  private readonly head = Buffer.alloc(10);

  constructor(
    private readonly readAt: ReadAt,
    private readonly path: string,
  ) {}

  private varint(at: number): { readonly value: number; readonly next: number } {
    const n = this.readAt(this.head, at);
    let value = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.head[i] ?? 0;
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) return { value, next: at + i + 1 };
    }
    throw this.broken(`a truncated number at byte ${at}`);
  }

  bytes(field: Field): Buffer {
    const buffer = Buffer.alloc(field.length);
    if (this.readAt(buffer, field.at) !== field.length) throw this.broken(`it ends inside a field at byte ${field.at}`);
    return buffer;
  }

  /** Each field of the message in [start, end). */
  *fields(start: number, end: number): Generator<Field> {
    let at = start;
    while (at < end) {
      const tag = this.varint(at);
      const field = Math.floor(tag.value / 8);
      const wire = tag.value % 8;
      let value = tag.next;
      let length: number;
      if (wire === WIRE.varint) length = this.varint(value).next - value;
      else if (wire === WIRE.fixed64) length = 8;
      else if (wire === WIRE.fixed32) length = 4;
      else if (wire === WIRE.lengthDelimited) {
        const size = this.varint(value);
        value = size.next;
        length = size.value;
      } else throw this.broken(`wire type ${wire} at byte ${at}`);
      if (field === 0 || value + length > end) throw this.broken(`a field runs past its message at byte ${at}`);
      yield { field, wire, at: value, length };
      at = value + length;
    }
  }

  broken(why: string): UserError {
    return new UserError(`${this.path}: not an ONNX model (${why})`);
  }
}

/**
 * The names of an ONNX model's graph outputs, in the graph's order, read from the file's protobuf without
 * loading it: a large encoder is gigabytes, and only the fields' headers and the outputs are read.
 */
export function onnxGraphOutputs(path: string): string[] {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new UserError(`${path}: cannot be read (${errorMessage(error)})`);
  }
  try {
    const file = new FieldReader((buffer, at) => readSync(fd, buffer, 0, buffer.length, at), path);
    const graphs = [...file.fields(0, fstatSync(fd).size)].filter((f) => f.field === MODEL_GRAPH && f.wire === WIRE.lengthDelimited);
    const graph = graphs[0];
    if (graph === undefined) throw file.broken('no graph');
    const outputs: string[] = [];
    for (const output of file.fields(graph.at, graph.at + graph.length)) {
      if (output.field !== GRAPH_OUTPUT || output.wire !== WIRE.lengthDelimited) continue;
      const info = file.bytes(output);
      const inMemory = new FieldReader((buffer, at) => info.copy(buffer, 0, at, at + buffer.length), path);
      const name = [...inMemory.fields(0, info.length)].find((f) => f.field === VALUE_INFO_NAME && f.wire === WIRE.lengthDelimited);
      if (name === undefined) throw file.broken('a graph output without a name');
      outputs.push(inMemory.bytes(name).toString('utf8'));
    }
    return outputs;
  } finally {
    closeSync(fd);
  }
}
