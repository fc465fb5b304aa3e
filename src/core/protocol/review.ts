/**
 * Every message between the extension host and the review webview, as zod schemas with inferred types (what
 * they carry of a run and its items is in reviewItems.ts, annotators' decisions in reviewDecisions.ts).
 * Both ends safeParse what they receive and answer an invalid message with a typed error, never a throw.
 * This module is shared by host and webview code, so it imports nothing but zod and the zod-only event
 * schema (the one list of hallucination categories).
 */
import * as z from 'zod';
import { CategorySchema, ItemDetailSchema, ItemRowSchema, ReviewViewSchema, RunHeaderSchema, ScoreHeaderSchema } from './reviewItems';
import { DecisionSchema } from './reviewDecisions';

export * from './reviewDecisions';
export * from './reviewItems';

// Host -> webview

export const InitMessageSchema = z.object({
  type: z.literal('init'),
  run: RunHeaderSchema,
  /** Absent from older hosts: the page falls back to a plain view of the run. */
  view: ReviewViewSchema.optional(),
  header: ScoreHeaderSchema,
  rows: z.array(ItemRowSchema),
  annotator: z.string(),
  role: z.enum(['annotator', 'adjudicator']),
  categories: z.array(CategorySchema),
  /** The item to show first (restored after a reload). */
  selectedItemId: z.string().nullable(),
  /** Blind review (evalAdjudicator.blindReview): automatic verdicts and scores hidden until decided. */
  blind: z.boolean().optional(),
  /**
   * How many rows follow in rowChunk messages: the init carries the first screen (around the selected
   * item), the rest comes in dataset order. Absent or 0: `rows` is every row.
   */
  rowsToCome: z.number().int().nonnegative().optional(),
});

/** The next rows of a run being loaded (after an init with rowsToCome), in dataset order. */
export const RowChunkMessageSchema = z.object({
  type: z.literal('rowChunk'),
  rows: z.array(ItemRowSchema),
  /** The last chunk: every row has arrived. */
  done: z.boolean(),
});

/** The host's answer to a search: the ids of the matching items, in dataset order. */
export const SearchResultMessageSchema = z.object({ type: z.literal('searchResult'), query: z.string(), ids: z.array(z.string()) });

export const RowsMessageSchema = z.object({
  type: z.literal('rows'),
  header: ScoreHeaderSchema,
  /** Rows that changed, replacing the ones with the same id. */
  rows: z.array(ItemRowSchema),
  /** The run again when run.json changed (a running run finished). */
  run: RunHeaderSchema.optional(),
});

export const ItemMessageSchema = z.object({ type: z.literal('item'), detail: ItemDetailSchema });

export const SavedMessageSchema = z.object({ type: z.literal('saved'), itemId: z.string(), requestId: z.number().int() });

export const HostErrorMessageSchema = z.object({ type: z.literal('error'), message: z.string(), requestId: z.number().int().optional() });

/** The review settings changed (evalAdjudicator.blindReview). */
export const ReviewOptionsMessageSchema = z.object({ type: z.literal('reviewOptions'), blind: z.boolean() });

/**
 * Lines of adjudications.jsonl skipped (not valid events, or events for items the run lacks), as the CLI words
 * them ("skipped <file> line <n>: <reason>", then any advice); the whole list each time, empty when clean.
 */
export const SkippedLinesMessageSchema = z.object({ type: z.literal('skippedLines'), lines: z.array(z.string()) });

export const HostMessageSchema = z.discriminatedUnion('type', [
  InitMessageSchema,
  RowsMessageSchema,
  ItemMessageSchema,
  SavedMessageSchema,
  HostErrorMessageSchema,
  ReviewOptionsMessageSchema,
  RowChunkMessageSchema,
  SearchResultMessageSchema,
  SkippedLinesMessageSchema,
]);
export type HostMessage = z.infer<typeof HostMessageSchema>;
export type InitMessage = z.infer<typeof InitMessageSchema>;
export type RowChunkMessage = z.infer<typeof RowChunkMessageSchema>;

// Webview -> host

export const ReadyMessageSchema = z.object({ type: z.literal('ready') });
export const SelectMessageSchema = z.object({ type: z.literal('select'), itemId: z.string().max(200) });
export const AdjudicateMessageSchema = z.object({
  type: z.literal('adjudicate'),
  requestId: z.number().int(),
  itemId: z.string().max(200),
  /** The criterion decided (its id); absent: the item. A criterion's decision holds a grade and a note, no flag. */
  criterion: z.string().max(200).optional(),
  decision: DecisionSchema,
  blind: z.boolean().optional(),
});
export const UndoMessageSchema = z.object({ type: z.literal('undo'), requestId: z.number().int() });
export const OpenLinkMessageSchema = z.object({ type: z.literal('openLink'), url: z.string().max(10_000) });
export const CommandMessageSchema = z.object({
  type: z.literal('command'),
  command: z.enum(['export', 'refresh', 'guidelines', 'judgePrompt']),
});
/** Search the items' texts, kept on the host (rows carry no search text); answered by searchResult. */
export const SearchMessageSchema = z.object({ type: z.literal('search'), query: z.string().max(1000) });
/** The panel's blind review is on or off (its toggle, the setting): the host hides scores elsewhere meanwhile. */
export const BlindStateMessageSchema = z.object({ type: z.literal('blindState'), on: z.boolean() });

export const WebviewMessageSchema = z.discriminatedUnion('type', [
  ReadyMessageSchema,
  SelectMessageSchema,
  AdjudicateMessageSchema,
  UndoMessageSchema,
  OpenLinkMessageSchema,
  CommandMessageSchema,
  SearchMessageSchema,
  BlindStateMessageSchema,
]);
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;

/** What the webview keeps across hide/show and reloads (validated when restored). */
export const WebviewStateSchema = z.object({
  /** The run folder, so the panel serializer can reopen the same run after a window reload. */
  runDir: z.string().optional(),
  itemId: z.string().nullable(),
  filter: z.string().default('all'),
  scrollTop: z.number().nonnegative().default(0),
  /** Facet selections: facet id to the values chosen (OR within a facet, AND across facets). */
  facets: z.record(z.string(), z.array(z.string())).optional(),
  sort: z.string().optional(),
  /** The panel's blind-mode toggle, when it differs from the setting. */
  blind: z.boolean().optional(),
  facetsOpen: z.boolean().optional(),
});
export type WebviewState = z.infer<typeof WebviewStateSchema>;
