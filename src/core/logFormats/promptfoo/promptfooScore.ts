import { type ForeignScore } from '../foreignInputs';
import { isGradedNumber, scaleOfGradedValues } from '../foreignScale';
import { type NumericScale, type OrdinalScale } from '../../scale/verdictScale';
import { sequentialSum } from '../../util/floatSums';
import { type PromptfooFile, type PromptfooResult } from './promptfooResults';

/** The result's own score (the weighted mean of its assertions' scores), a verdict score to choose with --score score. */
export const RESULT_SCORE = 'score';

export function resultScore(result: PromptfooResult): ForeignScore {
  const threshold = result.testCase?.threshold;
  return {
    name: RESULT_SCORE,
    value: result.score,
    answer: null,
    explanation: result.gradingResult?.reason ?? null,
    metadata: { pass: result.success, ...(threshold === undefined ? {} : { threshold }) },
  };
}

/**
 * The scale of a numeric verdict score: a number scale from its values, with promptfoo's test threshold as the
 * point it passes from (AssertionsResult: pass = score >= threshold) when every result has the same one.
 */
export function promptfooScaleOf(
  values: readonly unknown[],
  thresholds: readonly (number | undefined)[],
): { scale: NumericScale | OrdinalScale; passAt: string } | undefined {
  const numbers = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (!numbers.some(isGradedNumber)) return undefined;
  const scale = scaleOfGradedValues(numbers, { ratings: false });
  const distinct = [...new Set(thresholds)];
  const [threshold] = distinct;
  if (scale.kind === 'numeric' && distinct.length === 1 && threshold !== undefined && threshold !== 0)
    return { scale: { ...scale, passAt: threshold }, passAt: `passes from ${threshold} (the tests' threshold)` };
  return {
    scale,
    passAt:
      distinct.length > 1 ? 'the tests have different thresholds: no one pass point' : 'no threshold: pass is every assertion passing',
  };
}

/**
 * promptfoo's mean score of its one prompt: prompts[0].metrics.score (the sum) over its results (pass, fail
 * and error), beside the same figure from the results' scores in the file's order, summed as Evaluator does.
 */
export function meanScoreFigure(file: PromptfooFile, results: readonly PromptfooResult[]): Record<string, unknown> | null {
  const prompts = file.results.prompts ?? [];
  const metrics = prompts[0]?.metrics;
  if (prompts.length !== 1 || metrics === undefined) return null;
  const count = metrics.testPassCount + metrics.testFailCount + (metrics.testErrorCount ?? 0);
  if (count === 0) return null;
  return {
    score: RESULT_SCORE,
    metric: 'mean score (metrics.score / tests)',
    value: metrics.score / count,
    reproduced: sequentialSum(results.map((r) => r.score)) / results.length,
    aggregation: 'mean',
    sum: 'sequential',
  };
}
