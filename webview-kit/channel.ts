import type * as z from 'zod';
import type { VsCodeApiLike } from './vscodeApi';

export interface ChannelSchemas<In, Out, State> {
  /** What the host may send: anything else is reported to `onInvalid` and dropped. */
  readonly incoming: z.ZodType<In>;
  /** What the page may send: a message that fails it is not sent. */
  readonly outgoing: z.ZodType<Out>;
  /** What the page keeps across reloads (getState/setState); the host's serializer reads it too. */
  readonly state: z.ZodType<State>;
}

/**
 * A page's one channel to its host, checked at both ends of the page: only protocol messages go out, only
 * messages that pass the host schema come in, only saved state that validates comes back. `name` prefixes
 * the console's warnings ("review", "statistics").
 */
export class WebviewChannel<In, Out, State> {
  private readonly listeners: ((event: MessageEvent) => void)[] = [];

  constructor(
    private readonly api: VsCodeApiLike,
    private readonly name: string,
    private readonly schemas: ChannelSchemas<In, Out, State>,
  ) {}

  post(message: Out): void {
    const checked = this.schemas.outgoing.safeParse(message);
    if (!checked.success) {
      console.warn(`${this.name}: not sending a message that fails the protocol`, checked.error.issues[0]?.message);
      return;
    }
    this.api.postMessage(checked.data);
  }

  /**
   * Calls `handle` with each valid host message (a throw is logged, not raised), `onInvalid` with the first
   * problem of each invalid one.
   */
  listen(handle: (message: In) => void, onInvalid: (problem: string) => void): void {
    const listener = (event: MessageEvent): void => {
      const parsed = this.schemas.incoming.safeParse(event.data);
      if (!parsed.success) {
        onInvalid(parsed.error.issues[0]?.message ?? 'invalid');
        return;
      }
      try {
        handle(parsed.data);
      } catch (error) {
        console.warn(`${this.name}: could not handle a host message:`, error instanceof Error ? error.message : String(error));
      }
    };
    this.listeners.push(listener);
    window.addEventListener('message', listener);
  }

  /** The saved UI state, or undefined when there is none or it does not validate. */
  restoreState(): State | undefined {
    let raw: unknown;
    try {
      raw = this.api.getState();
    } catch {
      return undefined;
    }
    if (raw === undefined || raw === null) return undefined;
    const parsed = this.schemas.state.safeParse(raw);
    if (!parsed.success) {
      console.warn(`${this.name}: ignoring saved state that does not validate`);
      return undefined;
    }
    return parsed.data;
  }

  saveState(state: State): void {
    this.api.setState(state);
  }

  /** Stops listening to the host. */
  dispose(): void {
    for (const listener of this.listeners.splice(0)) window.removeEventListener('message', listener);
  }
}
