import { z } from 'zod';
import { normalizeRegion } from '../benchmarks/yokaieval/region';

const YokaiFacetInputs = z.looseObject({ type: z.string().min(1), region: z.string() });
const KalahiFacetInputs = z.looseObject({ category: z.string().min(1), topic: z.string().min(1) });

/** The facet names of a benchmark, in the order reports show them. */
export function facetNames(benchmark: string): readonly string[] {
  if (benchmark === 'yokaieval') return ['type', 'region'];
  if (benchmark === 'kalahi') return ['category', 'topic'];
  return [];
}

/**
 * An item's facets from its result line's inputs: YokaiEval's question type and normalized region (the raw
 * region is messy), Kalahi's category and topic. Inputs without them give no facets.
 */
export function facetsOf(benchmark: string, inputs: unknown): Record<string, string> {
  if (benchmark === 'yokaieval') {
    const parsed = YokaiFacetInputs.safeParse(inputs);
    return parsed.success ? { type: parsed.data.type, region: normalizeRegion(parsed.data.region) } : {};
  }
  if (benchmark === 'kalahi') {
    const parsed = KalahiFacetInputs.safeParse(inputs);
    return parsed.success ? { category: parsed.data.category, topic: parsed.data.topic } : {};
  }
  return {};
}
