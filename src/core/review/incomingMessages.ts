import type * as z from 'zod';
import { type WebviewMessage, WebviewMessageSchema } from '../../protocol';
import { categoryIdsOf } from '../adjudication/event';
import { readManifest } from '../runs/runFolder';

/**
 * What the review page of a run may send: the protocol, with a decision's flag one of the run's benchmark's
 * categories (another is refused like any message that fails the protocol). A run whose run.json cannot be
 * read gets the protocol alone: opening it fails and says why.
 */
export function webviewMessageSchemaFor(runDir: string): z.ZodType<WebviewMessage> {
  let categories: ReadonlySet<string>;
  try {
    categories = categoryIdsOf(readManifest(runDir).benchmark);
  } catch {
    return WebviewMessageSchema;
  }
  return WebviewMessageSchema.superRefine((message, context) => {
    const flag = message.type === 'adjudicate' ? message.decision.hallucination : null;
    if (flag !== null && !categories.has(flag)) {
      context.addIssue({ code: 'custom', path: ['decision', 'hallucination'], message: `"${flag}" is not a category of this run's benchmark (${[...categories].join(', ')})` });
    }
  });
}
