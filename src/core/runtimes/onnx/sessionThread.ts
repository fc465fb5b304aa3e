import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { type BatchOutput, type FromSessionThread, type SessionThreadStart, type ToSessionThread } from './sessionThreadMessages';

interface Pending {
  readonly resolve: (outputs: Readonly<Record<string, BatchOutput>>) => void;
  readonly reject: (error: Error) => void;
}

/**
 * An ONNX session on a worker thread of its own: a forward pass holds the thread that runs it, and this
 * keeps the extension host's (or the CLI's) JS thread free meanwhile, to tokenize the next batch, match the
 * last one, and answer everything else. Runs are carried out in the order they were asked for.
 */
export class SessionThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Why the thread can take no more runs, once it cannot. */
  private ended: string | null = null;
  private released: Promise<void> | null = null;
  private releasing = false;

  private constructor(
    private readonly worker: Worker,
    readonly inputNames: readonly string[],
    readonly outputNames: readonly string[],
  ) {
    worker.on('message', (message: FromSessionThread) => this.settle(message));
    worker.on('error', (error) => this.end(`its thread failed: ${error.message}`));
    worker.on('exit', (code) => this.end(`its thread ended (exit code ${code})`));
    worker.unref();
  }

  /** The session created on its thread, or the reason ONNX Runtime gave for not creating it. */
  static start(path: string): Promise<SessionThread> {
    const worker = startWorker({ path });
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => refuse(error.message);
      const onExit = (code: number): void => refuse(`its thread ended (exit code ${code})`);
      const stopListening = (): void => {
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const refuse = (message: string): void => {
        stopListening();
        void worker.terminate();
        reject(new SessionThreadError(message));
      };
      worker.once('message', (message: FromSessionThread) => {
        if (message.kind !== 'ready')
          return refuse(message.kind === 'failed' ? message.message : `unexpected ${message.kind} before the session was ready`);
        stopListening();
        resolve(new SessionThread(worker, message.inputNames, message.outputNames));
      });
      worker.once('error', onError);
      worker.once('exit', onExit);
    });
  }

  run(
    feeds: Readonly<Record<string, BigInt64Array>>,
    dims: readonly [number, number],
    outputs: readonly string[],
  ): Promise<Readonly<Record<string, BatchOutput>>> {
    if (this.ended !== null) return Promise.reject(new SessionThreadError(this.ended));
    const id = this.nextId++;
    const request: ToSessionThread = { kind: 'run', id, feeds, dims, outputs };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.holdProcess();
      this.worker.postMessage(
        request,
        Object.values(feeds).map((data) => data.buffer as ArrayBuffer),
      );
    });
  }

  /** Releases the session and ends its thread; runs asked for before are carried out first. */
  release(): Promise<void> {
    this.released ??= this.shutDown();
    return this.released;
  }

  private async shutDown(): Promise<void> {
    if (this.ended === null) {
      this.releasing = true;
      this.holdProcess();
      const released = new Promise<void>((resolve) => {
        this.worker.on('message', (message: FromSessionThread) => message.kind === 'released' && resolve());
        this.worker.once('exit', () => resolve());
      });
      this.worker.postMessage({ kind: 'release' } satisfies ToSessionThread);
      await released;
    }
    this.end('the session was released');
    await this.worker.terminate();
  }

  private settle(message: FromSessionThread): void {
    if (message.kind !== 'done' && message.kind !== 'error') return;
    const waiting = this.pending.get(message.id);
    if (waiting === undefined) return;
    this.pending.delete(message.id);
    this.holdProcess();
    if (message.kind === 'done') waiting.resolve(message.outputs);
    else waiting.reject(new SessionThreadError(message.message));
  }

  /** A run under way or a release keeps the process alive, as a session.run on the JS thread would; an idle thread does not. */
  private holdProcess(): void {
    if (this.pending.size > 0 || this.releasing) this.worker.ref();
    else this.worker.unref();
  }

  private end(reason: string): void {
    this.ended ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(new SessionThreadError(reason));
    this.pending.clear();
  }
}

/** ONNX Runtime's own words (one line), or the thread's fate. */
export class SessionThreadError extends Error {
  override readonly name = 'SessionThreadError';
}

/**
 * The build puts the thread's bundle beside the others (dist/sessionThread.js). Running from the sources
 * (tests, bench), the thread compiles its TypeScript with tsx, as the process that started it does.
 */
function startWorker(start: SessionThreadStart): Worker {
  const bundled = join(__dirname, 'sessionThread.js');
  if (existsSync(bundled)) return new Worker(bundled, { workerData: start });
  const source = join(__dirname, 'sessionThreadEntry.ts');
  const tsx = require.resolve('tsx/cjs/api', { paths: [__dirname] });
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(source)});`, {
    eval: true,
    execArgv: [],
    workerData: start,
  });
}
