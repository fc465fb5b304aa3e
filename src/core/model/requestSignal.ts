/**
 * Runs one request with a signal of its own, aborted when the caller's `signal` is. The openai client adds
 * an abort listener to the signal it is given and removes it only when that signal aborts: handed a run's
 * signal, every request of the run would leave one behind, and each addEventListener (which walks the
 * listeners to refuse a duplicate) would cost more than the one before.
 */
export async function withRequestSignal<T>(
  signal: AbortSignal | undefined,
  send: (own: AbortSignal | undefined) => Promise<T>,
): Promise<T> {
  if (signal === undefined) return send(undefined);
  const own = new AbortController();
  const forward = (): void => own.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  try {
    return await send(own.signal);
  } finally {
    signal.removeEventListener('abort', forward);
  }
}
