import type * as Koffi from 'koffi';

/** A type as koffi's functions take it (its own alias is not exported). */
export type KoffiType = Parameters<typeof Koffi.out>[0] | ReturnType<typeof Koffi.out>;

/** Sizes of the structs passed by value, as llama.h v0.4.0 lays them out on 64-bit targets. */
export const STRUCT_SIZES = { modelParams: 80, contextParams: 160, batch: 56 } as const;

export interface LlamaLayouts {
  readonly ModelParams: Koffi.TypeObject;
  readonly ContextParams: Koffi.TypeObject;
  readonly Batch: Koffi.TypeObject;
  readonly SamplerChainParams: Koffi.TypeObject;
}

let declared: LlamaLayouts | undefined;

/** llama.h v0.4.0's structs, member for member (koffi types are process-wide: declared once). */
export function declareLayouts(koffi: typeof Koffi): LlamaLayouts {
  declared ??= {
    ModelParams: koffi.struct('llama_model_params', {
      devices: 'void *',
      tensor_buft_overrides: 'void *',
      n_gpu_layers: 'int32_t',
      split_mode: 'int32_t',
      load_mode: 'int32_t',
      lazy_mode: 'int32_t',
      main_gpu: 'int32_t',
      tensor_split: 'void *',
      progress_callback: 'void *',
      progress_callback_user_data: 'void *',
      kv_overrides: 'void *',
      vocab_only: 'bool',
      check_tensors: 'bool',
      use_extra_bufts: 'bool',
      no_host: 'bool',
      no_alloc: 'bool',
      load_mtp: 'bool',
    }),
    ContextParams: koffi.struct('llama_context_params', {
      n_ctx: 'uint32_t',
      n_batch: 'uint32_t',
      n_ubatch: 'uint32_t',
      n_seq_max: 'uint32_t',
      n_rs_seq: 'uint32_t',
      n_outputs_max: 'uint32_t',
      n_outputs_max_per_seq: 'uint32_t',
      n_threads: 'int32_t',
      n_threads_batch: 'int32_t',
      ctx_type: 'int32_t',
      rope_scaling_type: 'int32_t',
      pooling_type: 'int32_t',
      attention_type: 'int32_t',
      flash_attn_type: 'int32_t',
      rope_freq_base: 'float',
      rope_freq_scale: 'float',
      yarn_ext_factor: 'float',
      yarn_attn_factor: 'float',
      yarn_beta_fast: 'float',
      yarn_beta_slow: 'float',
      yarn_orig_ctx: 'uint32_t',
      defrag_thold: 'float',
      cb_eval: 'void *',
      cb_eval_user_data: 'void *',
      type_k: 'int32_t',
      type_v: 'int32_t',
      abort_callback: 'void *',
      abort_callback_data: 'void *',
      embeddings: 'bool',
      offload_kqv: 'bool',
      no_perf: 'bool',
      op_offload: 'bool',
      swa_full: 'bool',
      kv_unified: 'bool',
      samplers: 'void *',
      n_samplers: 'size_t',
      ctx_other: 'void *',
    }),
    Batch: koffi.struct('llama_batch', {
      n_tokens: 'int32_t',
      token: 'void *',
      embd: 'void *',
      pos: 'void *',
      n_seq_id: 'void *',
      seq_id: 'void *',
      logits: 'void *',
    }),
    SamplerChainParams: koffi.struct('llama_sampler_chain_params', { no_perf: 'bool' }),
  };
  return declared;
}

/** What the default-params functions and llama_batch_init(4, 0, 2) return, as raw bytes (from probes larger than any layout). */
export interface LayoutProbe {
  readonly modelParams: Buffer;
  readonly contextParams: Buffer;
  readonly batch: Buffer;
}

interface Expectation {
  readonly what: string;
  readonly offset: number;
  readonly read: (bytes: Buffer, offset: number) => number | bigint;
  readonly equals: number | bigint | 'non-null';
}

const i32 = (b: Buffer, o: number): number => b.readInt32LE(o);
const u8 = (b: Buffer, o: number): number => b.readUInt8(o);
const f32 = (b: Buffer, o: number): number => b.readFloatLE(o);
const u64 = (b: Buffer, o: number): bigint => b.readBigUInt64LE(o);

/** Default values llama.cpp v0.4.0 puts at each member's offset: a shifted or resized layout fails several. */
const MODEL_PARAMS: readonly Expectation[] = [
  { what: 'devices', offset: 0, read: u64, equals: 0n },
  { what: 'n_gpu_layers', offset: 16, read: i32, equals: -1 },
  { what: 'split_mode', offset: 20, read: i32, equals: 1 },
  { what: 'load_mode', offset: 24, read: i32, equals: -1 },
  { what: 'lazy_mode', offset: 28, read: i32, equals: 1 },
  { what: 'main_gpu', offset: 32, read: i32, equals: 0 },
  { what: 'kv_overrides', offset: 64, read: u64, equals: 0n },
  { what: 'vocab_only', offset: 72, read: u8, equals: 0 },
  { what: 'use_extra_bufts', offset: 74, read: u8, equals: 1 },
  { what: 'load_mtp', offset: 77, read: u8, equals: 0 },
];

const CONTEXT_PARAMS: readonly Expectation[] = [
  { what: 'n_ctx', offset: 0, read: i32, equals: 512 },
  { what: 'n_batch', offset: 4, read: i32, equals: 2048 },
  { what: 'n_ubatch', offset: 8, read: i32, equals: 512 },
  { what: 'n_seq_max', offset: 12, read: i32, equals: 1 },
  { what: 'n_outputs_max_per_seq', offset: 24, read: i32, equals: 1 },
  { what: 'flash_attn_type', offset: 52, read: i32, equals: -1 },
  { what: 'yarn_ext_factor', offset: 64, read: f32, equals: -1 },
  { what: 'defrag_thold', offset: 84, read: f32, equals: -1 },
  { what: 'cb_eval', offset: 88, read: u64, equals: 0n },
  { what: 'type_k', offset: 104, read: i32, equals: 1 },
  { what: 'type_v', offset: 108, read: i32, equals: 1 },
  { what: 'embeddings', offset: 128, read: u8, equals: 0 },
  { what: 'offload_kqv', offset: 129, read: u8, equals: 1 },
  { what: 'swa_full', offset: 132, read: u8, equals: 1 },
  { what: 'kv_unified', offset: 133, read: u8, equals: 0 },
  { what: 'n_samplers', offset: 144, read: u64, equals: 0n },
  { what: 'ctx_other', offset: 152, read: u64, equals: 0n },
];

const BATCH: readonly Expectation[] = [
  { what: 'n_tokens', offset: 0, read: i32, equals: 0 },
  { what: 'token', offset: 8, read: u64, equals: 'non-null' },
  { what: 'embd', offset: 16, read: u64, equals: 0n },
  { what: 'pos', offset: 24, read: u64, equals: 'non-null' },
  { what: 'n_seq_id', offset: 32, read: u64, equals: 'non-null' },
  { what: 'seq_id', offset: 40, read: u64, equals: 'non-null' },
  { what: 'logits', offset: 48, read: u64, equals: 'non-null' },
];

function mismatches(name: string, bytes: Buffer, expectations: readonly Expectation[]): string[] {
  return expectations.flatMap((e) => {
    const value = e.read(bytes, e.offset);
    const ok = e.equals === 'non-null' ? value !== 0n && value !== 0 : value === e.equals;
    return ok ? [] : [`${name}.${e.what} at byte ${e.offset} is ${String(value)}, expected ${String(e.equals)}`];
  });
}

/** Every way the loaded library's structs differ from the layout this runtime was written for (empty: they agree). */
export function layoutMismatches(probe: LayoutProbe, sizes: { readonly [K in keyof typeof STRUCT_SIZES]: number }): string[] {
  const problems = (Object.keys(STRUCT_SIZES) as (keyof typeof STRUCT_SIZES)[])
    .filter((key) => sizes[key] !== STRUCT_SIZES[key])
    .map((key) => `koffi lays out ${key} in ${sizes[key]} bytes, llama.h v0.4.0 in ${STRUCT_SIZES[key]}`);
  return [
    ...problems,
    ...mismatches('llama_model_params', probe.modelParams, MODEL_PARAMS),
    ...mismatches('llama_context_params', probe.contextParams, CONTEXT_PARAMS),
    ...mismatches('llama_batch', probe.batch, BATCH),
  ];
}

let probeType: Koffi.TypeObject | undefined;

/**
 * Calls the default-params functions and llama_batch_init through return types of 512 bytes (returned
 * through a hidden pointer on every 64-bit ABI, so a larger real struct cannot overrun them) and reads
 * the defaults at the offsets the layouts assume. Done before any struct is passed by value.
 */
export function probeLayouts(koffi: typeof Koffi, llama: Koffi.LibraryHandle): LayoutProbe {
  probeType ??= koffi.struct('llama_layout_probe', { bytes: koffi.array('uint8_t', 512, 'Typed') });
  const Probe = probeType;
  const call = (name: string, args: KoffiType[], values: unknown[]): Buffer => {
    const result = llama.func(name, Probe, args)(...values) as { bytes: Uint8Array };
    return Buffer.from(result.bytes);
  };
  const batch = call('llama_batch_init', ['int32_t', 'int32_t', 'int32_t'], [4, 0, 2]);
  if (mismatches('llama_batch', batch, BATCH).length === 0) {
    // Freed through the real layout once its pointers are where it expects them (else a few bytes leak).
    const Batch = declareLayouts(koffi).Batch;
    llama.func('llama_batch_free', 'void', [Batch])(koffi.decode(batch, Batch));
  }
  return {
    modelParams: call('llama_model_default_params', [], []),
    contextParams: call('llama_context_default_params', [], []),
    batch,
  };
}
