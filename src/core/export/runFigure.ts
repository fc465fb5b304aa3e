import { type RunState } from '../adjudication/runState';
import { benchmarkOf } from '../benchmarks/registry';
import { type SourceFigure } from '../runs/sourceFigure';

/** The run's source figure as its benchmark declares it (SummaryParts.figure); none: the mean grade is the figure. */
export function sourceFigureOf(state: RunState): SourceFigure | undefined {
  return benchmarkOf(state.manifest.benchmark).summary?.figure;
}
