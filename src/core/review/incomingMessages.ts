import type * as z from 'zod';
import { type WebviewMessage, WebviewMessageSchema } from '../protocol/review';
import { categoryIdsOf } from '../adjudication/event';
import { type VerdictScale, isGraded, isOnScale, scaleOf, scaleTakes } from '../scale/verdictScale';
import { readRegisteredRun } from '../benchmarks/runRegistry';

/** Why a decision does not fit the run's scale (a verdict on a graded run, a grade off the scale…), or null. */
function scaleProblem(
  scale: VerdictScale,
  message: Extract<WebviewMessage, { type: 'adjudicate' }>,
): { path: string; text: string } | null {
  const { decision, criterion } = message;
  if (!isGraded(scale)) {
    if (decision.grade !== undefined) return { path: 'grade', text: 'this run takes verdicts (true, false, null), not grades' };
    if (criterion !== undefined) return { path: 'criterion', text: "this run's items have no criteria" };
    return null;
  }
  if (decision.verdict !== undefined)
    return { path: 'verdict', text: `this run takes grades (${scaleTakes(scale)}), not true/false verdicts` };
  if (decision.grade !== undefined && decision.grade !== null && !isOnScale(scale, decision.grade)) {
    return { path: 'grade', text: `${decision.grade} is not on this run's scale (${scaleTakes(scale)})` };
  }
  return null;
}

/**
 * What the review page of a run may send: the protocol, with a decision's flag one of the run's benchmark's
 * categories and its verdict or grade on the run's scale (another is refused like any message that fails
 * the protocol). A run whose run.json cannot be read gets the protocol alone: opening it fails and says why.
 */
export function webviewMessageSchemaFor(runDir: string): z.ZodType<WebviewMessage> {
  let categories: ReadonlySet<string>;
  let scale: VerdictScale;
  try {
    const { manifest, basics } = readRegisteredRun(runDir);
    categories = categoryIdsOf(basics);
    scale = scaleOf(manifest);
  } catch {
    return WebviewMessageSchema;
  }
  return WebviewMessageSchema.superRefine((message, context) => {
    if (message.type !== 'adjudicate') return;
    const flag = message.decision.hallucination;
    if (flag !== null && !categories.has(flag)) {
      context.addIssue({
        code: 'custom',
        path: ['decision', 'hallucination'],
        message: `"${flag}" is not a category of this run's benchmark (${[...categories].join(', ')})`,
      });
    }
    if (flag !== null && message.criterion !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['decision', 'hallucination'],
        message: "a criterion's decision holds no flag (the item's does)",
      });
    }
    const problem = scaleProblem(scale, message);
    if (problem !== null) context.addIssue({ code: 'custom', path: ['decision', problem.path], message: problem.text });
  });
}
