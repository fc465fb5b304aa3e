import { benchmarkBasicsOf, isBenchmarkId } from '../benchmarks/registryBasics';

/** The facet names of a benchmark, in the order reports show them (none for an unknown benchmark). */
export function facetNames(benchmark: string): readonly string[] {
  return isBenchmarkId(benchmark) ? benchmarkBasicsOf(benchmark).facets.names : [];
}

/** An item's facets from its result line's inputs, as its benchmark reads them. Inputs without them give no facets. */
export function facetsOf(benchmark: string, inputs: unknown): Record<string, string> {
  return isBenchmarkId(benchmark) ? benchmarkBasicsOf(benchmark).facets.of(inputs) : {};
}
