import { type BenchmarkBasics, facetValuesOf } from '../runs/benchmarkBasics';

/** The facet names of a benchmark, in the order reports show them. */
export function facetNames(benchmark: BenchmarkBasics): readonly string[] {
  return benchmark.facets.map((facet) => facet.id);
}

/** An item's facets from its result line's inputs, as its benchmark defines them. Inputs without them give no facets. */
export function facetsOf(benchmark: BenchmarkBasics, inputs: unknown): Record<string, string> {
  return facetValuesOf(benchmark.facets, inputs);
}
