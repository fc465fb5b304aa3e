import { setMaxListeners } from 'node:events';
import { type ItemLogprobs, LogprobsUnusableError } from '../../backends/logprobBackend';
import { EndpointFailedError } from '../../model/endpointUnreachable';
import { type KalahiItem } from './dataset';
import { type KalahiCallSettings, itemLogprobs } from './evaluateItem';
import { mcPartFrom } from './mcPart';
import { kalahiReferences } from './references';

/**
 * Before any result is written, the first item's references are scored and checked: a server without
 * usable prompt log-probs stops the run here. The log-probs are kept for that item's task. Any other
 * failure (a refused or failed request) is left to the item itself, whose result then holds the error,
 * so that one bad item never blocks --retry-errors. The `beside` items (the rest of the first round) are
 * asked at the same time, so the check costs no round of its own; if it fails their answers are dropped.
 */
export async function probeLogprobs(
  item: KalahiItem,
  beside: readonly KalahiItem[],
  settings: Pick<KalahiCallSettings, 'appendPeriod'> & { mc: NonNullable<KalahiCallSettings['mc']> },
  primed: Map<string, Promise<ItemLogprobs>>,
  signal: AbortSignal,
): Promise<void> {
  const pending = itemLogprobs(item, settings, signal);
  primed.set(item.id, pending);
  const overlap = new AbortController();
  const overlapSignal = AbortSignal.any([signal, overlap.signal]);
  setMaxListeners(0, overlapSignal);
  for (const other of beside) {
    const early = itemLogprobs(other, settings, overlapSignal);
    // Awaited by the item's own task; until then (or if it is dropped) its failure is not unhandled.
    early.catch(() => undefined);
    primed.set(other.id, early);
  }
  const dropOverlap = (): void => {
    overlap.abort(new Error('the log-prob check failed'));
    for (const other of beside) primed.delete(other.id);
  };
  const { backend } = settings.mc;
  try {
    const logprobs = await pending;
    mcPartFrom(logprobs, kalahiReferences(item, settings.appendPeriod), {
      backend: backend.name,
      mc2Mode: settings.mc.mc2Mode,
      model: settings.mc.modelName,
      source: backend.source,
    });
  } catch (error) {
    primed.delete(item.id);
    if (error instanceof LogprobsUnusableError || error instanceof EndpointFailedError || signal.aborted) {
      dropOverlap();
      throw error;
    }
  }
}
