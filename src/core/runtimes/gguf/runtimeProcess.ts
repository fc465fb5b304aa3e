import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../../util/errors';
import { CancelledError, RuntimeStoppedError } from './ggufErrors';
import { NODE_LLAMA_CPP_VERSION } from './nodeLlamaCpp';
import { ANSWER_TYPE, type AnswerTo, type FromRuntime, FromRuntimeSchema, type RuntimeRequest } from './runtimeProtocol';
import { firstIssueLine } from '../../util/zodIssues';

/** How long a cancelled request may take to stop before its process is killed (the run must stop within a second). */
export const CANCEL_GRACE_MS = 500;
/** How long a dispose may take before the process is killed. */
const DISPOSE_GRACE_MS = 5_000;
const STDERR_KEPT = 4096;

/** A request without its id (given here), one type at a time. */
type RequestBody = RuntimeRequest extends infer R ? (R extends RuntimeRequest ? Omit<R, 'id'> : never) : never;

interface Pending {
  readonly expect: FromRuntime['type'];
  readonly resolve: (answer: FromRuntime) => void;
  readonly reject: (error: Error) => void;
}

/** A message across the process boundary failed its schema (a bug on one side, never the user's input). */
export class RuntimeProtocolError extends Error {
  override readonly name = 'RuntimeProtocolError';
}

/**
 * The parent's end of a GGUF runtime process (runtimeProcessEntry.ts): requests out, typed answers back,
 * each answer checked against the protocol's schemas. A request's abort sends a cancel and kills the
 * process when it has not stopped within CANCEL_GRACE_MS. An idle runtime does not keep the parent alive.
 */
export class RuntimeProcess {
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private stopped: Error | null = null;
  /** Set when this side ends the process (dispose, cancel): its exit is then no fault. */
  private ending: 'disposing' | 'cancelled' | null = null;
  private stderrTail = '';
  private readonly exited: Promise<void>;
  /** What the runtime is called in messages: the llama.cpp release once a model is loaded. */
  private runtimeLabel = `node-llama-cpp ${NODE_LLAMA_CPP_VERSION}`;
  /** Said after a stop once the model is loaded (a run may have written results by then). */
  private stopAdvice = '';

  private constructor(
    private readonly child: ChildProcess,
    /** The model file this process serves, for messages. */
    private readonly fileName: string,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => (this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_KEPT)));
    child.on('message', (raw: unknown) => this.receive(raw));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(this.onExit(code, signal))));
    child.on('error', (error) =>
      this.end(new RuntimeStoppedError(`${fileName}: the local model runtime could not run (${error.message})`)),
    );
    this.holdParent();
  }

  /** Forks the runtime and waits for it to say it is ready; an abort meanwhile kills it. */
  static start(fileName: string, signal?: AbortSignal): Promise<RuntimeProcess> {
    if (signal?.aborted === true) return Promise.reject(new CancelledError());
    const child = forkRuntime();
    const runtime = new RuntimeProcess(child, fileName);
    return new Promise((resolve, reject) => {
      const stopListening = (): void => {
        child.off('message', onReady);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onReady = (raw: unknown): void => {
        if (FromRuntimeSchema.safeParse(raw).data?.type !== 'ready') return;
        stopListening();
        runtime.holdParent();
        resolve(runtime);
      };
      const onExit = (): void => {
        stopListening();
        reject(
          new RuntimeStoppedError(
            `${fileName}: the local model runtime (${runtime.runtimeLabel}) could not start: ${runtime.howItEnded(child.exitCode, child.signalCode)}`,
          ),
        );
      };
      const onAbort = (): void => {
        stopListening();
        runtime.killForCancel();
        reject(new CancelledError());
      };
      child.on('message', onReady);
      child.once('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      child.ref();
    });
  }

  /** The model is loaded: messages name its llama.cpp release, and a stop from now on says how to go on. */
  modelLoaded(llamaCpp: string): void {
    this.runtimeLabel = `llama.cpp ${llamaCpp.split('@').at(-1) ?? llamaCpp}`;
    this.stopAdvice = '; the results written so far are kept: finish the run with --resume';
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends a request and resolves with its answer; an answer of another type, a failure or the process's end rejects. */
  request<B extends RequestBody>(body: B, signal?: AbortSignal): Promise<AnswerTo<B['type']>> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    if (signal?.aborted === true) return Promise.reject(new CancelledError());
    const id = this.nextId++;
    return new Promise<AnswerTo<B['type']>>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => {
        this.sendRaw({ type: 'cancel', target: id });
        timer = setTimeout(() => this.killForCancel(), CANCEL_GRACE_MS);
      };
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
        this.holdParent();
      };
      this.pending.set(id, {
        expect: ANSWER_TYPE[body.type],
        resolve: (answer) => {
          done();
          // receive() checked that the answer's type is the one ANSWER_TYPE gives for this request.
          resolve(answer as AnswerTo<B['type']>);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.holdParent();
      this.sendRaw({ ...body, id });
    });
  }

  /** Sends any message as it is (tests send ones that fail the schema). */
  sendRaw(message: unknown): void {
    if (this.child.connected) this.child.send(message as object);
  }

  /** Frees the model and ends the process; killed if it does not end in time. Safe to call more than once. */
  async dispose(): Promise<void> {
    if (this.stopped === null && this.ending === null) {
      this.ending = 'disposing';
      const timer = setTimeout(() => this.child.kill('SIGKILL'), DISPOSE_GRACE_MS);
      try {
        await this.request({ type: 'dispose' });
      } catch {
        // Ending anyway: the kill below or the exit already under way.
      }
      this.child.disconnect();
      await this.exited;
      clearTimeout(timer);
    } else if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  private killForCancel(): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.ending ??= 'cancelled';
    this.child.kill('SIGKILL');
  }

  private receive(raw: unknown): void {
    const parsed = FromRuntimeSchema.safeParse(raw);
    if (!parsed.success) {
      this.end(
        new RuntimeProtocolError(
          `${this.fileName}: the local model runtime sent a message that is not in the protocol (${firstIssueLine(parsed.error)})`,
        ),
      );
      this.child.kill('SIGKILL');
      return;
    }
    const message = parsed.data;
    if (message.type === 'ready') return;
    if (message.type === 'invalid') {
      const error = new RuntimeProtocolError(`${this.fileName}: the local model runtime refused a message (${message.problem})`);
      if (message.id === null) this.end(error);
      else this.pending.get(message.id)?.reject(error);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (waiting === undefined) return;
    if (message.type === 'failed') {
      const { kind, message: text } = message.error;
      waiting.reject(
        kind === 'cancelled' ? new CancelledError() : kind === 'user' ? new UserError(text) : new Error(`${this.fileName}: ${text}`),
      );
    } else if (message.type !== waiting.expect) {
      waiting.reject(new RuntimeProtocolError(`${this.fileName}: the local model runtime answered ${waiting.expect} with ${message.type}`));
    } else {
      waiting.resolve(message);
    }
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.ending === 'cancelled') return this.end(new CancelledError());
    if (this.ending === 'disposing') return this.end(new Error(`${this.fileName}: the local model runtime was disposed`));
    this.end(
      new RuntimeStoppedError(
        `${this.fileName}: the local model runtime (${this.runtimeLabel}) stopped: ${this.howItEnded(code, signal)}${this.stopAdvice}`,
      ),
    );
  }

  private howItEnded(code: number | null, signal: NodeJS.Signals | null): string {
    const how = signal !== null ? `killed by ${signal}` : `exited with code ${code ?? 'unknown'}`;
    const said = lastWords(this.stderrTail);
    return said === null ? how : `${how} (${said})`;
  }

  /** Every request under way fails with `error`, and so does every later one. */
  private end(error: Error): void {
    this.stopped ??= error;
    for (const waiting of [...this.pending.values()]) waiting.reject(this.stopped);
    this.pending.clear();
    this.holdParent();
  }

  /** A request under way, or a dispose, keeps the parent process alive; an idle runtime does not. */
  private holdParent(): void {
    const busy = this.pending.size > 0 || this.ending === 'disposing';
    if (busy) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }
}

/** The last line a dying runtime wrote that says something (llama.cpp's GGML_ASSERT, an error), not a stack frame. */
function lastWords(stderr: string): string | null {
  const lines = stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && !/^\s/.test(l) && !/^Node\.js v/.test(l));
  const last = lines.at(-1);
  return last === undefined ? null : last.slice(0, 200);
}

/**
 * The build puts the runtime's bundle beside the others (dist/ggufRuntime.js). From the sources (tests,
 * bench) it runs its TypeScript through tsx, as the process that started it does. In desktop VS Code the
 * extension host's process.execPath is Electron: ELECTRON_RUN_AS_NODE makes it plain Node (and is ignored by Node).
 */
function forkRuntime(): ChildProcess {
  const bundled = join(__dirname, 'ggufRuntime.js');
  const fromSources = !existsSync(bundled);
  const entry = fromSources ? join(__dirname, 'runtimeProcessEntry.ts') : bundled;
  const execArgv = fromSources ? ['--import', pathToFileURL(require.resolve('tsx', { paths: [__dirname] })).href] : [];
  return fork(entry, [], {
    execArgv,
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
}
