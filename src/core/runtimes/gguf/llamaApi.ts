import type * as Koffi from 'koffi';
import { type KoffiType, type LlamaLayouts, declareLayouts } from './llamaLayout';

/** An opaque native pointer as koffi hands it over (never dereferenced in JavaScript). */
export type NativePointer = object;

/** llama_batch as koffi decodes it: the counts and the pointers llama_batch_init allocated. */
export interface LlamaBatchStruct {
  n_tokens: number;
  token: NativePointer;
  embd: NativePointer | null;
  pos: NativePointer;
  n_seq_id: NativePointer;
  seq_id: NativePointer;
  logits: NativePointer;
}

type Callback<T> = (error: unknown, result: T) => void;
interface AsyncCall<A extends unknown[], R> {
  (...args: A): R;
  async: (...args: [...A, Callback<R>]) => void;
}

/**
 * The part of llama.cpp's C API (include/llama.h of the release node-llama-cpp 3.21.1 ships, v0.4.0)
 * this runtime calls, with the types llama.h gives them.
 */
export interface LlamaApi {
  readonly koffi: typeof Koffi;
  readonly layouts: LlamaLayouts;
  readonly ggml_backend_dev_count: () => number;
  readonly ggml_backend_load_all_from_path: (dir: string) => void;
  readonly llama_backend_init: () => void;
  readonly llama_model_default_params: () => Record<string, unknown>;
  readonly llama_context_default_params: () => Record<string, unknown>;
  readonly llama_model_load_from_file: AsyncCall<[string, Record<string, unknown>], NativePointer | null>;
  readonly llama_model_free: (model: NativePointer) => void;
  readonly llama_model_n_layer: (model: NativePointer) => number;
  readonly llama_init_from_model: (model: NativePointer, params: Record<string, unknown>) => NativePointer | null;
  readonly llama_free: (context: NativePointer) => void;
  readonly llama_n_ctx: (context: NativePointer) => number;
  readonly llama_n_batch: (context: NativePointer) => number;
  readonly llama_n_threads: (context: NativePointer) => number;
  readonly llama_model_get_vocab: (model: NativePointer) => NativePointer;
  readonly llama_vocab_n_tokens: (vocab: NativePointer) => number;
  readonly llama_vocab_bos: (vocab: NativePointer) => number;
  readonly llama_vocab_eos: (vocab: NativePointer) => number;
  readonly llama_vocab_get_add_bos: (vocab: NativePointer) => boolean;
  readonly llama_vocab_is_eog: (vocab: NativePointer, token: number) => boolean;
  readonly llama_tokenize: (
    vocab: NativePointer,
    text: Buffer,
    length: number,
    out: Int32Array,
    max: number,
    addSpecial: boolean,
    parseSpecial: boolean,
  ) => number;
  readonly llama_detokenize: (
    vocab: NativePointer,
    tokens: Int32Array,
    count: number,
    out: Buffer,
    max: number,
    removeSpecial: boolean,
    unparseSpecial: boolean,
  ) => number;
  readonly llama_get_memory: (context: NativePointer) => NativePointer;
  readonly llama_memory_clear: (memory: NativePointer, data: boolean) => void;
  readonly llama_memory_seq_rm: (memory: NativePointer, seq: number, p0: number, p1: number) => boolean;
  readonly llama_memory_seq_cp: (memory: NativePointer, source: number, destination: number, p0: number, p1: number) => void;
  readonly llama_batch_init: (tokens: number, embd: number, seqMax: number) => LlamaBatchStruct;
  readonly llama_batch_free: (batch: LlamaBatchStruct) => void;
  readonly llama_decode: AsyncCall<[NativePointer, LlamaBatchStruct], number>;
  readonly llama_get_logits: (context: NativePointer) => NativePointer | null;
  readonly llama_sampler_chain_default_params: () => Record<string, unknown>;
  readonly llama_sampler_chain_init: (params: Record<string, unknown>) => NativePointer;
  readonly llama_sampler_chain_add: (chain: NativePointer, sampler: NativePointer) => void;
  readonly llama_sampler_init_greedy: () => NativePointer;
  readonly llama_sampler_init_dist: (seed: number) => NativePointer;
  readonly llama_sampler_init_temp: (temperature: number) => NativePointer;
  readonly llama_sampler_init_top_p: (p: number, minKeep: number) => NativePointer;
  readonly llama_sampler_sample: (sampler: NativePointer, context: NativePointer, index: number) => number;
  readonly llama_sampler_free: (sampler: NativePointer) => void;
}

/** Binds the functions of an already loaded llama.cpp (libllama and libggml from one release folder). */
export function declareLlamaApi(koffi: typeof Koffi, llama: Koffi.LibraryHandle, ggml: Koffi.LibraryHandle): LlamaApi {
  const layouts = declareLayouts(koffi);
  const { ModelParams, ContextParams, Batch, SamplerChainParams } = layouts;
  const ptr = 'void *';
  const fn = <T>(lib: Koffi.LibraryHandle, name: string, result: KoffiType, args: KoffiType[]): T => lib.func(name, result, args) as T;
  const l = <T>(name: string, result: KoffiType, args: KoffiType[]): T => fn<T>(llama, name, result, args);
  return {
    koffi,
    layouts,
    ggml_backend_dev_count: fn(ggml, 'ggml_backend_dev_count', 'size_t', []),
    ggml_backend_load_all_from_path: fn(ggml, 'ggml_backend_load_all_from_path', 'void', ['str']),
    llama_backend_init: l('llama_backend_init', 'void', []),
    llama_model_default_params: l('llama_model_default_params', ModelParams, []),
    llama_context_default_params: l('llama_context_default_params', ContextParams, []),
    llama_model_load_from_file: l('llama_model_load_from_file', ptr, ['str', ModelParams]),
    llama_model_free: l('llama_model_free', 'void', [ptr]),
    llama_model_n_layer: l('llama_model_n_layer', 'int32_t', [ptr]),
    llama_init_from_model: l('llama_init_from_model', ptr, [ptr, ContextParams]),
    llama_free: l('llama_free', 'void', [ptr]),
    llama_n_ctx: l('llama_n_ctx', 'uint32_t', [ptr]),
    llama_n_batch: l('llama_n_batch', 'uint32_t', [ptr]),
    llama_n_threads: l('llama_n_threads', 'int32_t', [ptr]),
    llama_model_get_vocab: l('llama_model_get_vocab', ptr, [ptr]),
    llama_vocab_n_tokens: l('llama_vocab_n_tokens', 'int32_t', [ptr]),
    llama_vocab_bos: l('llama_vocab_bos', 'int32_t', [ptr]),
    llama_vocab_eos: l('llama_vocab_eos', 'int32_t', [ptr]),
    llama_vocab_get_add_bos: l('llama_vocab_get_add_bos', 'bool', [ptr]),
    llama_vocab_is_eog: l('llama_vocab_is_eog', 'bool', [ptr, 'int32_t']),
    llama_tokenize: l('llama_tokenize', 'int32_t', [ptr, 'const char *', 'int32_t', koffi.out('int32_t *'), 'int32_t', 'bool', 'bool']),
    llama_detokenize: l('llama_detokenize', 'int32_t', [ptr, 'const int32_t *', 'int32_t', koffi.out('char *'), 'int32_t', 'bool', 'bool']),
    llama_get_memory: l('llama_get_memory', ptr, [ptr]),
    llama_memory_clear: l('llama_memory_clear', 'void', [ptr, 'bool']),
    llama_memory_seq_rm: l('llama_memory_seq_rm', 'bool', [ptr, 'int32_t', 'int32_t', 'int32_t']),
    llama_memory_seq_cp: l('llama_memory_seq_cp', 'void', [ptr, 'int32_t', 'int32_t', 'int32_t', 'int32_t']),
    llama_batch_init: l('llama_batch_init', Batch, ['int32_t', 'int32_t', 'int32_t']),
    llama_batch_free: l('llama_batch_free', 'void', [Batch]),
    llama_decode: l('llama_decode', 'int32_t', [ptr, Batch]),
    llama_get_logits: l('llama_get_logits', ptr, [ptr]),
    llama_sampler_chain_default_params: l('llama_sampler_chain_default_params', SamplerChainParams, []),
    llama_sampler_chain_init: l('llama_sampler_chain_init', ptr, [SamplerChainParams]),
    llama_sampler_chain_add: l('llama_sampler_chain_add', 'void', [ptr, ptr]),
    llama_sampler_init_greedy: l('llama_sampler_init_greedy', ptr, []),
    llama_sampler_init_dist: l('llama_sampler_init_dist', ptr, ['uint32_t']),
    llama_sampler_init_temp: l('llama_sampler_init_temp', ptr, ['float']),
    llama_sampler_init_top_p: l('llama_sampler_init_top_p', ptr, ['float', 'size_t']),
    llama_sampler_sample: l('llama_sampler_sample', 'int32_t', [ptr, ptr, 'int32_t']),
    llama_sampler_free: l('llama_sampler_free', 'void', [ptr]),
  };
}
