import { type HostMessage } from '../../core/protocol/review';
import { type OpeningOptions, openingMessages } from '../../core/review/openingMessages';
import { type ReviewSession } from '../../core/review/reviewSession';

/** How the panel sends: its post, whether it still wants this opening's rows, where a failure is logged. */
export interface OpeningChannel {
  readonly post: (message: HostMessage) => void;
  /** False once the panel closed or a newer opening started: the rows still to come are dropped. */
  readonly wanted: () => boolean;
  readonly failed: (error: unknown) => void;
}

/**
 * Sends what opens a review: the init (header and a screen of rows), the skipped lines' warning if any, the
 * item shown first, then the other rows in chunks, one per turn of the event loop.
 */
export function sendOpening(session: ReviewSession, options: OpeningOptions, skipped: HostMessage | null, channel: OpeningChannel): void {
  const opening = openingMessages(session, options);
  channel.post(opening.init);
  if (skipped !== null) channel.post(skipped);
  if (opening.detail !== null) channel.post({ type: 'item', detail: opening.detail });
  postOnePerTurn(opening.chunks(), channel);
}

/**
 * Posts the messages one per turn of the event loop (setImmediate), so that the host answers the page
 * between two of them; stops when `wanted` turns false, or at a message that could not be built.
 */
function postOnePerTurn(messages: Iterator<HostMessage>, { post, wanted, failed }: OpeningChannel): void {
  const next = (): void => {
    if (!wanted()) return;
    try {
      const message = messages.next();
      if (message.done === true) return;
      post(message.value);
    } catch (error) {
      failed(error);
      return;
    }
    setImmediate(next);
  };
  setImmediate(next);
}
