import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { UserError } from '../../util/errors';
import { knownArchitectures, loadFailure } from './ggufErrors';
import { type GgufRuntimeRecord } from './ggufRecord';
import { type NativePointer } from './llamaApi';
import { type LlamaRuntime, loadLlamaRuntime } from './llamaLibrary';
import { LlamaSession } from './llamaSession';
import { LlamaVocab } from './llamaVocab';
import { NODE_LLAMA_CPP_VERSION, loadNodeLlamaCpp } from './nodeLlamaCpp';

/** Tokens per llama_decode (logical and physical batch alike). */
const BATCH_SIZE = 512;
/** Sequences per context: the prefix's and up to 15 continuations scored together. */
const SEQUENCES = 16;
/** llama.h's ggml_type for F32 (the KV cache) and LLAMA_FLASH_ATTN_TYPE_DISABLED. */
const GGML_TYPE_F32 = 0;
const FLASH_ATTENTION_DISABLED = 0;

export interface LlamaLoadRequest {
  readonly path: string;
  readonly architecture: string;
  readonly gpuLayers: 'auto' | number;
  readonly contextSize: number;
  readonly threads: number | null;
  readonly runtimeDirs: readonly string[];
}

export interface LoadedLlama {
  readonly runtime: LlamaRuntime;
  readonly model: NativePointer;
  readonly vocab: LlamaVocab;
  readonly session: LlamaSession;
  readonly record: GgufRuntimeRecord;
}

/**
 * Threads when --threads is not given: half the cores (at least one). llama.cpp's threads wait for each
 * other at every graph node; with all cores asked for and another process on one of them, each node
 * waits for a descheduled thread (measured: bench ggufMc, docs/local-models.md).
 */
export function defaultThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/**
 * Threads of the graph log-softmax (where the CPU backend has no row kernel, KernelLogSoftmax) when
 * --threads is not given: every core. It runs after each decode, on
 * llama.cpp's rows (LlamaSession.feed), while no decode runs; its graph is two nodes (two barriers a decode,
 * against a decode's hundreds), so a descheduled thread delays it by its own share only (bench ggufMc).
 */
export function defaultSoftmaxThreads(cores = availableParallelism()): number {
  return Math.max(1, cores);
}

/** Loads the model file once, through llama.cpp's C API, and makes its one context. */
export async function loadLlama(request: LlamaLoadRequest): Promise<LoadedLlama> {
  const name = basename(request.path);
  const runtime = await loadLlamaRuntime(request.gpuLayers !== 0, request.runtimeDirs);
  const { api, llama } = runtime;
  const gpu = llama.gpu !== false;
  const modelParams = {
    ...api.llama_model_default_params(),
    n_gpu_layers: gpu ? (request.gpuLayers === 'auto' ? -1 : request.gpuLayers) : 0,
    check_tensors: false,
  };
  const model = await new Promise<NativePointer | null>((resolve, reject) => {
    api.llama_model_load_from_file.async(request.path, modelParams, (error, result) =>
      error !== null && error !== undefined ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
  if (model === null) {
    const lib = await loadNodeLlamaCpp(request.runtimeDirs);
    const known = knownArchitectures(lib).includes(request.architecture);
    throw new UserError(
      loadFailure(
        name,
        request.architecture,
        known,
        llama.llamaCppRelease.release,
        new Error('llama_model_load_from_file returned no model'),
      ),
    );
  }
  const threads = request.threads ?? defaultThreads();
  const contextParams = {
    ...api.llama_context_default_params(),
    n_ctx: request.contextSize,
    n_batch: BATCH_SIZE,
    n_ubatch: BATCH_SIZE,
    n_seq_max: SEQUENCES,
    n_outputs_max_per_seq: 0,
    n_threads: threads,
    n_threads_batch: threads,
    flash_attn_type: FLASH_ATTENTION_DISABLED,
    type_k: GGML_TYPE_F32,
    type_v: GGML_TYPE_F32,
    // One KV buffer shared by the sequences (else each gets n_ctx / n_seq_max cells); they share the prefix's cells.
    kv_unified: true,
    no_perf: true,
  };
  const context = api.llama_init_from_model(model, contextParams);
  if (context === null) {
    api.llama_model_free(model);
    throw new UserError(
      `${name}: llama.cpp could not create a context of ${request.contextSize} tokens: try a smaller --context or --gpu-layers 0`,
    );
  }
  const vocab = new LlamaVocab(api, api.llama_model_get_vocab(model));
  let session: LlamaSession;
  try {
    session = new LlamaSession(runtime, context, vocab.size, SEQUENCES, request.threads ?? defaultSoftmaxThreads());
  } catch (error) {
    api.llama_free(context);
    api.llama_model_free(model);
    throw error;
  }
  const layers = api.llama_model_n_layer(model);
  const record: GgufRuntimeRecord = {
    package: 'node-llama-cpp',
    version: NODE_LLAMA_CPP_VERSION,
    llamaCpp: `${llama.llamaCppRelease.repo}@${llama.llamaCppRelease.release}`,
    buildType: llama.buildType,
    gpu: gpu ? String(llama.gpu) : 'none',
    gpuLayers: {
      asked: request.gpuLayers,
      used: gpu ? (request.gpuLayers === 'auto' ? layers + 1 : Math.min(request.gpuLayers, layers + 1)) : 0,
    },
    contextSize: session.contextSize,
    threads: api.llama_n_threads(context),
    softmaxThreads: session.softmaxThreads,
    batchSize: session.batchSize,
    flashAttention: false,
    kvCacheType: 'F32',
    calls: `llama.cpp C API through koffi ${runtime.koffiVersion}`,
    logprobs: session.logprobsMethod,
  };
  return { runtime, model, vocab, session, record };
}
