import * as z from 'zod';
import { type Benchmark, type Importer } from '../contract/benchmark';
import { type BenchmarkBasics } from '../runs/benchmarkBasics';
import { foreignDetail, foreignLabelText, foreignSearchTexts } from './foreignDetail';
import { exportForeignAdjudicated, exportForeignPlain } from './foreignExport';
import { ResultLineSchema } from '../runs/resultLine';
import { type SourceFigure } from '../runs/sourceFigure';
import { logFigureLines, withLogFigure } from './foreignSummary';

/** What one evaluation-log format brings; the rest of its Benchmark is the same for every format. */
export interface ForeignFormat {
  readonly basics: BenchmarkBasics;
  readonly description: string;
  readonly importer: Importer;
  /** How the log's scores become verdicts, for the report and the prompt document. */
  readonly verdictRule: string;
  readonly writeBack?: Benchmark['writeBack'];
  /** A graded log's task figure as the framework defines it (SummaryParts.figure); none: the mean grade. */
  readonly figure?: SourceFigure;
}

/** A log format as a Benchmark: its items are the log's samples, imported, never run. */
export function foreignBenchmark(format: ForeignFormat): Benchmark {
  const verdictScore = (settings: Record<string, unknown>): string => z.string().catch('').parse(settings['verdictScore']);
  return {
    ...format.basics,
    description: format.description,
    resultLineSchema: ResultLineSchema,
    review: {
      // The log's task named in the header as the log names it.
      taskTitles: {},
      // The verdict score, named in the header as the primary metric; no metric columns.
      metrics: {
        verdictWords: "verdict: the log's {metric} score",
        of: (manifest) => ({ primary: verdictScore(manifest.settings), metrics: [] }),
        rowParts: () => ({ margin: null, metricAcc: undefined }),
      },
      labelText: foreignLabelText,
      searchTexts: foreignSearchTexts,
      detail: foreignDetail,
    },
    exports: {
      plain: exportForeignPlain,
      adjudicated: (state, exportFormat, cellsOf) => exportForeignAdjudicated(state, exportFormat, cellsOf, format.figure),
    },
    summary: { extend: withLogFigure, lines: logFigureLines, ...(format.figure === undefined ? {} : { figure: format.figure }) },
    report: { title: 'Scorer validation', rater: 'scorer', automaticVerdictText: `the log's verdict score (${format.verdictRule})` },
    promptDocument: (_dir, manifest) =>
      Promise.resolve({
        title: `${format.basics.title}: ${manifest.id}`,
        text: `Imported from ${JSON.stringify(manifest.settings['source'])}.\nVerdict score: ${verdictScore(manifest.settings) || 'none'}.\nVerdicts: ${format.verdictRule}.\n`,
        language: 'plaintext',
      }),
    importers: [format.importer],
    ...(format.writeBack === undefined ? {} : { writeBack: format.writeBack }),
  };
}
