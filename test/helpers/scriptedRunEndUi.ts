import { type RunEndUi } from '../../src/extension/commands/runEnd';

/** A notification the run end showed, as the user saw it. */
export type Notification =
  | { readonly kind: 'warning' | 'error' | 'info'; readonly message: string; readonly buttons: readonly string[] }
  | { readonly kind: 'progress'; readonly title: string };

/** What a warning or error answers: a button's label, or undefined (dismissed); it may first change the world (heal the server). */
export type NotificationAnswer = (shown: {
  readonly kind: 'warning' | 'error';
  readonly message: string;
  readonly buttons: readonly string[];
}) => Promise<string | undefined> | string | undefined;

export interface ScriptedRunEndUi extends RunEndUi {
  /** Every notification in order. */
  readonly shown: Notification[];
  /** Every progress message, in order, by the progress notification's title. */
  readonly progressMessages: Map<string, string[]>;
}

/** Whether the user presses a progress notification's Cancel on seeing this message in it. */
export type CancelOn = (title: string, message: string) => boolean;

/**
 * A fake run-end port: notifications recorded, warnings and errors answered by `answer` (none: dismissed),
 * a progress's signal aborted when `cancelOn` says so (as its Cancel button does).
 */
export function scriptedRunEndUi(answer: NotificationAnswer = () => undefined, cancelOn: CancelOn = () => false): ScriptedRunEndUi {
  const shown: Notification[] = [];
  const progressMessages = new Map<string, string[]>();
  const ask = async (kind: 'warning' | 'error', message: string, buttons: readonly string[]): Promise<string | undefined> => {
    shown.push({ kind, message, buttons });
    const picked = await answer({ kind, message, buttons });
    if (picked !== undefined && !buttons.includes(picked))
      throw new Error(`"${message}" offers no button "${picked}" (${buttons.join(', ')})`);
    return picked;
  };
  return {
    shown,
    progressMessages,
    progress: (title, task) => {
      shown.push({ kind: 'progress', title });
      const messages: string[] = [];
      progressMessages.set(title, messages);
      const cancel = new AbortController();
      const report = (message: string): void => {
        messages.push(message);
        if (!cancel.signal.aborted && cancelOn(title, message)) cancel.abort();
      };
      return task(report, cancel.signal);
    },
    warning: (message, ...buttons) => ask('warning', message, buttons),
    error: (error, ...buttons) => ask('error', `Eval Adjudicator: ${error instanceof Error ? error.message : String(error)}`, buttons),
    info: (message) => {
      shown.push({ kind: 'info', message, buttons: [] });
      return Promise.resolve();
    },
    log: () => undefined,
  };
}
