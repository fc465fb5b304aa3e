import * as z from 'zod';
import { type BenchmarkRank } from '../../judgeValidation/queueOrders';
import { matchAnswer } from './answerMatcher';

const Inputs = z.looseObject({ choices: z.array(z.string()), answer: z.string() });

/**
 * YokaiEval's signal independent of the judge: the simple answer matcher. Tier 1 when it names one choice
 * and reaches the other verdict, tier 2 when it cannot name a single choice where the judge was sure.
 */
export const yokaiEvalRank: BenchmarkRank = (r) => {
  if (r.automatic === 'null') return null;
  const inputs = Inputs.safeParse(r.line?.inputs);
  const response = r.line?.response;
  if (!inputs.success || typeof response !== 'string' || r.judge === null) return null;
  const matched = matchAnswer(response, inputs.data.choices, inputs.data.answer);
  const judged = r.judge === 'true';
  if (matched.verdict !== null && matched.verdict !== judged)
    return {
      tier: 1,
      reason: `the answer matcher reads "${matched.choice ?? ''}" (${String(matched.verdict)}), the judge said ${r.judge}`,
      key: 0,
    };
  if (matched.verdict === null)
    return {
      tier: 2,
      reason: matched.found.length === 0 ? 'the response names no choice' : `the response names ${matched.found.length} choices`,
      key: 0,
    };
  return null;
};
