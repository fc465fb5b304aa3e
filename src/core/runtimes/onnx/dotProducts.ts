import { type Ort, type OrtSession, loadOnnxRuntime } from './onnxRuntime';

/**
 * Every dot product between the rows of two matrices (A Bᵀ), through a one-node ONNX graph (Gemm with
 * transB) run by ONNX Runtime's own matrix kernels: far quicker than a JS loop over the hidden size.
 */
export class DotProducts {
  private constructor(
    private readonly ort: Ort,
    private readonly session: OrtSession,
  ) {}

  static async open(): Promise<DotProducts> {
    const ort = await loadOnnxRuntime();
    return new DotProducts(ort, await ort.InferenceSession.create(gemmModel(), { intraOpNumThreads: 1, interOpNumThreads: 1 }));
  }

  /** [rowsA, rowsB] row-major: row i of `a` times row j of `b`, each `dim` wide. */
  async of(a: Float32Array, rowsA: number, b: Float32Array, rowsB: number, dim: number): Promise<Float32Array> {
    if (rowsA * rowsB * dim <= JS_PRODUCT_LIMIT) return dotProductsInJs(a, rowsA, b, rowsB, dim);
    const feeds = { a: new this.ort.Tensor('float32', a, [rowsA, dim]), b: new this.ort.Tensor('float32', b, [rowsB, dim]) };
    const out = (await this.session.run(feeds, ['s']))['s'];
    if (out === undefined || out.type !== 'float32') throw new Error('the dot products graph gave no float32 output');
    return out.data as Float32Array;
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/**
 * Below this many multiplications a JS loop beats a session.run's fixed cost (feeds, output tensor, the
 * call into the native binding): the small products of small encoders. Larger ones go to the Gemm.
 */
export const JS_PRODUCT_LIMIT = 48_000;

/** The same products in a JS loop, summed in float64 and stored in float32 (within 1e-6 of the Gemm's). */
export function dotProductsInJs(a: Float32Array, rowsA: number, b: Float32Array, rowsB: number, dim: number): Float32Array {
  const out = new Float32Array(rowsA * rowsB);
  for (let i = 0; i < rowsA; i += 1) {
    const rowA = i * dim;
    for (let j = 0; j < rowsB; j += 1) {
      const rowB = j * dim;
      let sum = 0;
      for (let d = 0; d < dim; d += 1) sum += (a[rowA + d] as number) * (b[rowB + d] as number);
      out[i * rowsB + j] = sum;
    }
  }
  return out;
}

// ONNX's protobuf, the few fields this graph needs (onnx/onnx.proto): ModelProto, GraphProto, NodeProto, ...
const FLOAT = 1;
const ATTRIBUTE_INT = 2;

function gemmModel(): Uint8Array {
  const matrix = (name: string, rows: string): number[] =>
    field(1, text(name)).concat(field(2, field(1, [...varintField(1, FLOAT), ...field(2, [...field(1, field(2, text(rows))), ...field(1, field(2, text('dim')))])])));
  const transB = [...field(1, text('transB')), ...varintField(3, 1), ...varintField(20, ATTRIBUTE_INT)];
  const node = [...field(1, text('a')), ...field(1, text('b')), ...field(2, text('s')), ...field(4, text('Gemm')), ...field(5, transB)];
  const output = [...field(1, text('s')), ...field(2, field(1, [...varintField(1, FLOAT), ...field(2, [...field(1, field(2, text('rowsA'))), ...field(1, field(2, text('rowsB')))])]))];
  const graph = [...field(1, node), ...field(2, text('dot_products')), ...field(11, matrix('a', 'rowsA')), ...field(11, matrix('b', 'rowsB')), ...field(12, output)];
  const opset = [...field(1, []), ...varintField(2, 13)];
  return Uint8Array.from([...varintField(1, 7), ...field(7, graph), ...field(8, opset)]);
}

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

function varintField(number: number, value: number): number[] {
  return [...varint(number * 8), ...varint(value)];
}

function field(number: number, bytes: readonly number[]): number[] {
  return [...varint(number * 8 + 2), ...varint(bytes.length), ...bytes];
}

function text(value: string): number[] {
  return [...new TextEncoder().encode(value)];
}
