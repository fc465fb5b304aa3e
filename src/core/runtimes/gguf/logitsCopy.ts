import type * as Koffi from 'koffi';
import { type GgmlApi } from './ggmlApi';
import { type NativePointer } from './llamaApi';

/**
 * A buffer of ggml's (aligned as its tensors must be) that a decode's logits rows are copied into, so that
 * llama.cpp may overwrite its own logits with the next decode's while the log-softmax reads the copy.
 * A copy is a memcpy (about 0.05 ms per 32 000-entry row), a tenth of the log-softmax of that row.
 */
export class LogitsCopy {
  private readonly buffer: NativePointer;
  private readonly base: NativePointer;
  private readonly target: Uint8Array;
  private freed = false;

  constructor(
    private readonly koffi: typeof Koffi,
    private readonly ggml: GgmlApi,
    readonly capacity: number,
  ) {
    const buffer = ggml.ggml_backend_buft_alloc_buffer(ggml.ggml_backend_cpu_buffer_type(), capacity);
    if (buffer === null) throw new Error(`ggml could not allocate ${capacity} bytes for a copy of the logits`);
    this.buffer = buffer;
    this.base = ggml.ggml_backend_buffer_get_base(buffer);
    this.target = new Uint8Array(koffi.view(this.base, capacity));
  }

  /** Copies `bytes` from `logits` and returns where the copy is (valid until the next call). */
  from(logits: NativePointer, bytes: number): NativePointer {
    if (bytes > this.capacity) throw new Error(`${bytes} bytes of logits exceed the copy's ${this.capacity}`);
    this.target.set(new Uint8Array(this.koffi.view(logits, bytes)));
    return this.base;
  }

  free(): void {
    if (this.freed) return;
    this.freed = true;
    this.ggml.ggml_backend_buffer_free(this.buffer);
  }
}
