import { facetValuesOf } from '../runs/benchmarkBasics';
import { benchmarkBasicsOf, isBenchmarkId } from '../benchmarks/registryBasics';

/** The facet names of a benchmark, in the order reports show them (none for an unknown benchmark). */
export function facetNames(benchmark: string): readonly string[] {
  return isBenchmarkId(benchmark) ? benchmarkBasicsOf(benchmark).facets.map((facet) => facet.id) : [];
}

/** An item's facets from its result line's inputs, as its benchmark defines them. Inputs without them give no facets. */
export function facetsOf(benchmark: string, inputs: unknown): Record<string, string> {
  return isBenchmarkId(benchmark) ? facetValuesOf(benchmarkBasicsOf(benchmark).facets, inputs) : {};
}
