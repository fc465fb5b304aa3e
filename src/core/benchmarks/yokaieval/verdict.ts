export type Verdict = boolean | null;

const TRUE_REPLIES = new Set(['true', 'True', 'TRUE']);
const FALSE_REPLIES = new Set(['false', 'False', 'FALSE']);

/**
 * The official parse of a judge reply: exact match against the sets true/True/TRUE and false/False/FALSE;
 * null/Null/None/none, and anything else, count as null. The raw reply is kept beside the verdict.
 */
export function parseJudgeVerdict(reply: string): Verdict {
  if (TRUE_REPLIES.has(reply)) return true;
  if (FALSE_REPLIES.has(reply)) return false;
  return null;
}

/** Whether the reply is on the judge's menu (a null outside it is worth showing to a reviewer). */
export function isOnJudgeMenu(reply: string): boolean {
  return TRUE_REPLIES.has(reply) || FALSE_REPLIES.has(reply) || ['null', 'Null', 'None', 'none'].includes(reply);
}
