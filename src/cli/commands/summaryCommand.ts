import { resolve } from 'node:path';
import { formatSummary, summarizeRun } from '../../core/runs/summarizeRun';
import { type CliIo } from '../io';
import { flag, onePositional, parseOptions } from '../options';

export const SUMMARY_HELP = `Usage: eval-adjudicator summary RUNDIR [--json]

Scores of a run folder: accuracy (true / items; null, error and missing count as wrong, as in the
official code), accuracy with nulls excluded (true / (true + false)), and the count of each verdict.
  --json    one JSON object: {"benchmark", "items", "automatic": {"accuracy", "accuracyExcludingNull",
            "counts": {"true", "false", "null", "missing", "error"}}, …}
`;

export function summaryCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('summary', args, { json: { type: 'boolean' } });
  if (flag(parsed, 'help')) {
    io.stdout(SUMMARY_HELP);
    return 0;
  }
  const summary = summarizeRun(resolve(io.cwd, onePositional('summary', parsed, 'RUNDIR')));
  io.stdout(flag(parsed, 'json') ? `${JSON.stringify(summary, null, 2)}\n` : `${formatSummary(summary)}\n`);
  return 0;
}
