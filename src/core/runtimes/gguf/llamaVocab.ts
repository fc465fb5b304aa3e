import { type LlamaApi, type NativePointer } from './llamaApi';

/** A model's vocabulary through llama.cpp: tokenizing and detokenizing as node-llama-cpp 3.21.1 did. */
export class LlamaVocab {
  readonly size: number;
  /** null: the vocabulary has none (llama.cpp's -1). */
  readonly bos: number | null;
  readonly eos: number | null;
  readonly addsBos: boolean;

  constructor(
    private readonly api: LlamaApi,
    private readonly vocab: NativePointer,
  ) {
    this.size = api.llama_vocab_n_tokens(vocab);
    const bos = api.llama_vocab_bos(vocab);
    const eos = api.llama_vocab_eos(vocab);
    this.bos = bos < 0 ? null : bos;
    this.eos = eos < 0 ? null : eos;
    this.addsBos = api.llama_vocab_get_add_bos(vocab);
  }

  /** llama_tokenize with no BOS/EOS added and special tokens in the text parsed as special tokens (common_tokenize(…, false, true)). */
  tokenize(text: string): number[] {
    if (text === '') return [];
    const bytes = Buffer.from(text, 'utf8');
    let room = bytes.length + 2;
    for (;;) {
      const out = new Int32Array(room);
      const n = this.api.llama_tokenize(this.vocab, bytes, bytes.length, out, room, false, true);
      if (n >= 0) return Array.from(out.subarray(0, n));
      room = -n;
    }
  }

  /** llama_detokenize, special tokens removed or rendered as their text. */
  detokenize(tokens: readonly number[], renderSpecial = false): string {
    if (tokens.length === 0) return '';
    const ids = Int32Array.from(tokens);
    let room = Math.max(16, tokens.length * 8);
    for (;;) {
      const out = Buffer.alloc(room);
      const n = this.api.llama_detokenize(this.vocab, ids, ids.length, out, room, false, renderSpecial);
      if (n >= 0) return out.subarray(0, n).toString('utf8');
      room = -n;
    }
  }

  isEndOfGeneration(token: number): boolean {
    return this.api.llama_vocab_is_eog(this.vocab, token);
  }
}
