import { type InitMessage, type ItemDetail, type RowChunkMessage } from '../protocol/review';
import { type ReviewSession } from './reviewSession';
import { reviewViewFor } from './viewDescriptor';

/** Rows in the first message: a screen's worth at the list's row height, on a tall screen. */
export const FIRST_SCREEN_ROWS = 60;
/** Rows per later message: small enough that the webview handles one between two frames. */
export const ROW_CHUNK_ROWS = 2000;

export interface OpeningOptions {
  readonly selectedItemId: string | null;
  readonly role: InitMessage['role'];
  readonly categories: InitMessage['categories'];
  readonly blind: boolean;
  readonly canUndo: boolean;
  readonly screenRows?: number;
  readonly chunkRows?: number;
}

/** What the panel sends when the webview is ready, in this order. */
export interface OpeningMessages {
  /** The run, the header and the first screen of rows (around the selected item). */
  readonly init: InitMessage;
  /**
   * The item shown first (the selected one, else the first), sent before the rest of the rows; null when
   * the init holds every row (the webview asks for its item, as it does for every selection).
   */
  readonly detail: ItemDetail | null;
  /** The other rows, in dataset order; built one message at a time, as they are sent. */
  readonly chunks: () => Generator<RowChunkMessage>;
}

/** The dataset positions [start, end) of the first screen: from the top, or centred on the selected item. */
export function firstScreen(selected: number, items: number, screenRows: number): { start: number; end: number } {
  const rows = Math.min(items, screenRows);
  const start = selected < rows ? 0 : Math.min(selected - Math.floor(rows / 2), items - rows);
  return { start, end: start + rows };
}

/**
 * The messages that open a review: the header, a screen of rows and the item shown first go before
 * anything else, so the panel paints in time independent of the run's size; the rest follows in chunks.
 * A run of at most one chunk's rows (every real YokaiEval or Kalahi run) goes whole in the init.
 */
export function openingMessages(session: ReviewSession, options: OpeningOptions): OpeningMessages {
  const items = session.manifest.dataset.itemIds;
  const selected = options.selectedItemId !== null && session.hasItem(options.selectedItemId) ? options.selectedItemId : null;
  const chunkRows = options.chunkRows ?? ROW_CHUNK_ROWS;
  const base = {
    type: 'init',
    run: session.runHeader(),
    view: reviewViewFor(session.manifest),
    header: session.header(),
    annotator: session.annotator,
    role: options.role,
    categories: options.categories,
    selectedItemId: selected,
    blind: options.blind,
  } as const;
  if (items.length <= chunkRows) {
    return { init: { ...base, rows: session.rows(), rowsToCome: 0 }, detail: null, chunks: function* () {} };
  }
  const screen = firstScreen(selected === null ? -1 : session.positionOf(selected), items.length, options.screenRows ?? FIRST_SCREEN_ROWS);
  const rows = session.rowsBetween(screen.start, screen.end);
  const init: InitMessage = { ...base, rows, rowsToCome: items.length - rows.length };
  const shown = selected ?? items[0];
  function* chunks(): Generator<RowChunkMessage> {
    const ranges: { start: number; end: number }[] = [];
    for (let start = 0; start < items.length; start += chunkRows) {
      const end = Math.min(items.length, start + chunkRows);
      // The first screen was sent already: the parts of this range before and after it.
      if (start < screen.start) ranges.push({ start, end: Math.min(end, screen.start) });
      if (end > screen.end) ranges.push({ start: Math.max(start, screen.end), end });
    }
    for (const [i, range] of ranges.entries())
      yield { type: 'rowChunk', rows: session.rowsBetween(range.start, range.end), done: i === ranges.length - 1 };
  }
  return { init, detail: shown === undefined ? null : session.detail(shown, options.canUndo), chunks };
}
