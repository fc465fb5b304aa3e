import { resolve } from 'node:path';
import { loadRunState } from '../../core/adjudication/runState';
import { RUN_REGISTRY, takesVerdicts } from '../../core/benchmarks/runRegistry';
import { formatSummary, summarizeState } from '../../core/reports/summarizeRun';
import { ESTIMATE_TARGETS } from '../../core/stats/stratifiedPpi';
import { warnSkippedLines } from '../skippedLines';
import { type CliIo } from '../../core/commandLine/io';
import { choiceOption, flag, onePositional, parseOptions } from '../../core/commandLine/options';

export const SUMMARY_HELP = `Usage: eval-adjudicator summary RUNDIR [--json] [--target run-items|superpopulation]

Scores of a run folder: accuracy (true / items; null, error and missing count as wrong, as in the
official code), accuracy with nulls excluded (true / (true + false)), and the count of each verdict.
  --json    one JSON object: {"benchmark", "items", "automatic": {"accuracy", "accuracyExcludingNull",
            "counts": {"true", "false", "null", "missing", "error"}}, …}
  --target  what the estimated true accuracy's interval is for: run-items (default), the model's accuracy
            on the run's items; superpopulation, on the questions the items stand for (adds θ(1 − θ)/N)
`;

export function summaryCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('summary', args, { json: { type: 'boolean' }, target: { type: 'string' } });
  if (flag(parsed, 'help')) {
    io.stdout(SUMMARY_HELP);
    return 0;
  }
  const target = choiceOption('summary', parsed, 'target', ESTIMATE_TARGETS);
  const state = loadRunState(resolve(io.cwd, onePositional('summary', parsed, 'RUNDIR')), RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  const summary = summarizeState(state, target === undefined ? {} : { target });
  io.stdout(flag(parsed, 'json') ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary, takesVerdicts(state.manifest))}\n`);
  return 0;
}
