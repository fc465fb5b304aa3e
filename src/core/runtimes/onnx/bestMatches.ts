import { type Ort, type OrtSession, loadOnnxRuntime } from './onnxRuntime';

/**
 * bert_score's greedy matching between one hypothesis and its references, as the best cosine of each token:
 * `ofHypothesis[k * hypothesisTokens + i]` is hypothesis token i's best among reference k's tokens,
 * `ofReference[k * longest + j]` reference k's token j's best among the hypothesis's tokens. A token with
 * nothing to match against has -Infinity.
 */
export interface BestMatches {
  readonly ofHypothesis: Float32Array;
  readonly ofReference: Float32Array;
  /** The longest reference's token count: the stride of `ofReference`. */
  readonly longest: number;
}

/**
 * The best matches through a small ONNX graph (the references' tokens padded to the longest, times the
 * hypothesis's, padding masked out, the maximum along each side), run by ONNX Runtime's own kernels: the
 * products and the maxima over them are most of BERTScore's arithmetic outside the encoder.
 */
export class BestMatchFinder {
  private constructor(
    private readonly ort: Ort,
    private readonly session: OrtSession,
  ) {}

  static async open(): Promise<BestMatchFinder> {
    const ort = await loadOnnxRuntime();
    return new BestMatchFinder(ort, await ort.InferenceSession.create(bestMatchesModel(), { intraOpNumThreads: 1, interOpNumThreads: 1 }));
  }

  /** `hypothesis` holds `hypothesisTokens` rows, each reference its own rows, all `dim` wide and row-major. */
  async find(hypothesis: Float32Array, hypothesisTokens: number, references: readonly Float32Array[], dim: number): Promise<BestMatches> {
    const longest = Math.max(0, ...references.map((r) => r.length / dim));
    // An empty side makes the product 0: the JS loop also answers the cases with nothing to match.
    if (hypothesisTokens * longest * references.length * dim <= JS_PRODUCT_LIMIT)
      return bestMatchesInJs(hypothesis, hypothesisTokens, references, dim);
    const padded = new Float32Array(references.length * longest * dim);
    const padding = new Float32Array(references.length * longest);
    references.forEach((reference, k) => {
      padded.set(reference, k * longest * dim);
      padding.fill(-Infinity, k * longest + reference.length / dim, (k + 1) * longest);
    });
    const transposed = new Float32Array(dim * hypothesisTokens);
    for (let i = 0; i < hypothesisTokens; i += 1)
      for (let d = 0; d < dim; d += 1) transposed[d * hypothesisTokens + i] = hypothesis[i * dim + d] as number;
    const feeds = {
      references: new this.ort.Tensor('float32', padded, [references.length, longest, dim]),
      hypothesis_t: new this.ort.Tensor('float32', transposed, [dim, hypothesisTokens]),
      padding: new this.ort.Tensor('float32', padding, [references.length, longest, 1]),
    };
    const out = await this.session.run(feeds, ['of_hypothesis', 'of_reference']);
    const ofHypothesis = out['of_hypothesis'];
    const ofReference = out['of_reference'];
    if (ofHypothesis?.type !== 'float32' || ofReference?.type !== 'float32')
      throw new Error('the best matches graph gave no float32 outputs');
    return { ofHypothesis: ofHypothesis.data as Float32Array, ofReference: ofReference.data as Float32Array, longest };
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/**
 * Below this many multiplications a JS loop beats a session.run's fixed cost (feeds, output tensors, the
 * call into the native binding): the small products of small encoders. Larger ones go to the graph.
 */
export const JS_PRODUCT_LIMIT = 48_000;

/** The same in a JS loop: each product summed in float64 and stored in float32, as the graph's are. */
export function bestMatchesInJs(
  hypothesis: Float32Array,
  hypothesisTokens: number,
  references: readonly Float32Array[],
  dim: number,
): BestMatches {
  const longest = Math.max(0, ...references.map((r) => r.length / dim));
  const ofHypothesis = new Float32Array(references.length * hypothesisTokens).fill(-Infinity);
  const ofReference = new Float32Array(references.length * longest).fill(-Infinity);
  references.forEach((reference, k) => {
    const tokens = reference.length / dim;
    for (let i = 0; i < hypothesisTokens; i += 1) {
      const row = i * dim;
      for (let j = 0; j < tokens; j += 1) {
        const column = j * dim;
        let sum = 0;
        for (let d = 0; d < dim; d += 1) sum += (hypothesis[row + d] as number) * (reference[column + d] as number);
        const similarity = Math.fround(sum);
        if (similarity > (ofHypothesis[k * hypothesisTokens + i] as number)) ofHypothesis[k * hypothesisTokens + i] = similarity;
        if (similarity > (ofReference[k * longest + j] as number)) ofReference[k * longest + j] = similarity;
      }
    }
  });
  return { ofHypothesis, ofReference, longest };
}

// ONNX's protobuf, the few fields this graph needs (onnx/onnx.proto): ModelProto, GraphProto, NodeProto, ...
const FLOAT = 1;
const ATTRIBUTE_INT = 2;
const ATTRIBUTE_INTS = 7;

/**
 * similarities = references [n, longest, dim] x hypothesis_t [dim, h] + padding [n, longest, 1] (0, or
 * -Infinity on padded tokens); of_hypothesis = its maximum over each reference's tokens [n, h], of_reference
 * its maximum over the hypothesis's tokens [n, longest].
 */
function bestMatchesModel(): Uint8Array {
  const tensor = (name: string, dims: readonly string[]): number[] =>
    field(1, text(name)).concat(
      field(
        2,
        field(1, [
          ...varintField(1, FLOAT),
          ...field(
            2,
            dims.flatMap((dim) => field(1, field(2, text(dim)))),
          ),
        ]),
      ),
    );
  const node = (inputs: readonly string[], output: string, op: string, attributes: readonly number[][] = []): number[] => [
    ...inputs.flatMap((input) => field(1, text(input))),
    ...field(2, text(output)),
    ...field(4, text(op)),
    ...attributes.flatMap((attribute) => field(5, attribute)),
  ];
  const reduceOver = (axis: number): number[][] => [
    [...field(1, text('axes')), ...varintField(8, axis), ...varintField(20, ATTRIBUTE_INTS)],
    [...field(1, text('keepdims')), ...varintField(3, 0), ...varintField(20, ATTRIBUTE_INT)],
  ];
  const nodes = [
    node(['references', 'hypothesis_t'], 'products', 'MatMul'),
    node(['products', 'padding'], 'similarities', 'Add'),
    node(['similarities'], 'of_hypothesis', 'ReduceMax', reduceOver(1)),
    node(['similarities'], 'of_reference', 'ReduceMax', reduceOver(2)),
  ];
  const graph = [
    ...nodes.flatMap((n) => field(1, n)),
    ...field(2, text('best_matches')),
    ...field(11, tensor('references', ['n', 'longest', 'dim'])),
    ...field(11, tensor('hypothesis_t', ['dim', 'h'])),
    ...field(11, tensor('padding', ['n', 'longest', 'one'])),
    ...field(12, tensor('of_hypothesis', ['n', 'h'])),
    ...field(12, tensor('of_reference', ['n', 'longest'])),
  ];
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
