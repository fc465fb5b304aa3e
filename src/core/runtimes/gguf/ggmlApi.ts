import type * as Koffi from 'koffi';
import { type NativePointer } from './llamaApi';

type Callback<T> = (error: unknown, result: T) => void;

/** The part of ggml's C API (ggml.h, ggml-backend.h of llama.cpp v0.4.0) the log-softmax graph uses. */
export interface GgmlApi {
  readonly ggml_tensor_overhead: () => number;
  readonly ggml_graph_overhead: () => number;
  readonly ggml_init: (params: { mem_size: number; mem_buffer: null; no_alloc: boolean }) => NativePointer | null;
  readonly ggml_free: (context: NativePointer) => void;
  readonly ggml_new_tensor_1d: (context: NativePointer, type: number, ne0: number) => NativePointer;
  readonly ggml_new_tensor_2d: (context: NativePointer, type: number, ne0: number, ne1: number) => NativePointer;
  readonly ggml_reshape_2d: (context: NativePointer, tensor: NativePointer, ne0: number, ne1: number) => NativePointer;
  readonly ggml_soft_max: (context: NativePointer, tensor: NativePointer) => NativePointer;
  readonly ggml_get_rows: (context: NativePointer, tensor: NativePointer, rows: NativePointer) => NativePointer;
  readonly ggml_new_graph: (context: NativePointer) => NativePointer;
  readonly ggml_build_forward_expand: (graph: NativePointer, tensor: NativePointer) => void;
  readonly ggml_backend_cpu_buffer_from_ptr: (ptr: NativePointer, size: number) => NativePointer;
  readonly ggml_backend_buffer_free: (buffer: NativePointer) => void;
  readonly ggml_backend_cpu_buffer_type: () => NativePointer;
  readonly ggml_backend_buft_alloc_buffer: (type: NativePointer, size: number) => NativePointer | null;
  readonly ggml_backend_buffer_get_base: (buffer: NativePointer) => NativePointer;
  readonly ggml_backend_tensor_alloc: (buffer: NativePointer, tensor: NativePointer, addr: NativePointer) => number;
  readonly ggml_backend_dev_by_type: (type: number) => NativePointer | null;
  readonly ggml_backend_dev_init: (device: NativePointer, params: null) => NativePointer | null;
  readonly ggml_backend_dev_backend_reg: (device: NativePointer) => NativePointer;
  readonly ggml_backend_reg_get_proc_address: (reg: NativePointer, name: string) => NativePointer | null;
  readonly ggml_backend_free: (backend: NativePointer) => void;
  readonly ggml_backend_graph_compute: { async: (backend: NativePointer, graph: NativePointer, done: Callback<number>) => void };
  /** ggml_backend_set_n_threads_t, called through the pointer the CPU backend's registry hands out. */
  readonly setThreads: (setter: NativePointer, backend: NativePointer, threads: number) => void;
}

/** Binds ggml's functions in libggml-base (tensors, graphs, buffers) and libggml (the backend registry). */
export function declareGgmlApi(koffi: typeof Koffi, base: Koffi.LibraryHandle, registry: Koffi.LibraryHandle): GgmlApi {
  const ptr = 'void *';
  const b = <T>(name: string, result: string | Koffi.TypeObject, args: (string | Koffi.TypeObject)[]): T =>
    base.func(name, result, args) as T;
  const { InitParams, SetThreads } = ggmlTypes(koffi);
  return {
    ggml_tensor_overhead: b('ggml_tensor_overhead', 'size_t', []),
    ggml_graph_overhead: b('ggml_graph_overhead', 'size_t', []),
    ggml_init: b('ggml_init', ptr, [InitParams]),
    ggml_free: b('ggml_free', 'void', [ptr]),
    ggml_new_tensor_1d: b('ggml_new_tensor_1d', ptr, [ptr, 'int32_t', 'int64_t']),
    ggml_new_tensor_2d: b('ggml_new_tensor_2d', ptr, [ptr, 'int32_t', 'int64_t', 'int64_t']),
    ggml_reshape_2d: b('ggml_reshape_2d', ptr, [ptr, ptr, 'int64_t', 'int64_t']),
    ggml_soft_max: b('ggml_soft_max', ptr, [ptr, ptr]),
    ggml_get_rows: b('ggml_get_rows', ptr, [ptr, ptr, ptr]),
    ggml_new_graph: b('ggml_new_graph', ptr, [ptr]),
    ggml_build_forward_expand: b('ggml_build_forward_expand', 'void', [ptr, ptr]),
    ggml_backend_cpu_buffer_from_ptr: b('ggml_backend_cpu_buffer_from_ptr', ptr, [ptr, 'size_t']),
    ggml_backend_buffer_free: b('ggml_backend_buffer_free', 'void', [ptr]),
    ggml_backend_cpu_buffer_type: b('ggml_backend_cpu_buffer_type', ptr, []),
    ggml_backend_buft_alloc_buffer: b('ggml_backend_buft_alloc_buffer', ptr, [ptr, 'size_t']),
    ggml_backend_buffer_get_base: b('ggml_backend_buffer_get_base', ptr, [ptr]),
    ggml_backend_tensor_alloc: b('ggml_backend_tensor_alloc', 'int32_t', [ptr, ptr, ptr]),
    ggml_backend_dev_by_type: registry.func('ggml_backend_dev_by_type', ptr, ['int32_t']) as GgmlApi['ggml_backend_dev_by_type'],
    ggml_backend_dev_init: b('ggml_backend_dev_init', ptr, [ptr, 'const char *']),
    ggml_backend_dev_backend_reg: b('ggml_backend_dev_backend_reg', ptr, [ptr]),
    ggml_backend_reg_get_proc_address: b('ggml_backend_reg_get_proc_address', ptr, [ptr, 'const char *']),
    ggml_backend_free: b('ggml_backend_free', 'void', [ptr]),
    ggml_backend_graph_compute: b('ggml_backend_graph_compute', 'int32_t', [ptr, ptr]),
    setThreads: (setter, backend, threads) => koffi.call(setter, SetThreads, backend, threads),
  };
}

/** A buffer of ggml's CPU backend (aligned as its tensors must be) and its base address, for the log-softmax. */
export function allocateCpuBuffer(ggml: GgmlApi, bytes: number): { readonly buffer: NativePointer; readonly base: NativePointer } {
  const buffer = ggml.ggml_backend_buft_alloc_buffer(ggml.ggml_backend_cpu_buffer_type(), bytes);
  if (buffer === null) throw new Error(`ggml could not allocate ${bytes} bytes for the log-softmax`);
  return { buffer, base: ggml.ggml_backend_buffer_get_base(buffer) };
}

let types: { readonly InitParams: Koffi.TypeObject; readonly SetThreads: Koffi.TypeObject } | undefined;

/** koffi's named types are process-wide: declared once. */
function ggmlTypes(koffi: typeof Koffi): NonNullable<typeof types> {
  types ??= {
    InitParams: koffi.struct('ggml_init_params', { mem_size: 'size_t', mem_buffer: 'void *', no_alloc: 'bool' }),
    SetThreads: koffi.proto('void ggml_backend_set_n_threads_fn(void *, int)'),
  };
  return types;
}
