/**
 * Posts the messages one per turn of the event loop (setImmediate), so that the host answers the page
 * between two of them; stops when `wanted` turns false, or at a message that could not be built.
 */
export function postEachTurn<T>(
  messages: Iterator<T>,
  post: (message: T) => void,
  wanted: () => boolean,
  failed: (error: unknown) => void,
): void {
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
