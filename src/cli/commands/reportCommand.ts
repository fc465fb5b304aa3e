import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { ESTIMATE_TARGETS } from '../../core/stats/stratifiedPpi';
import { reportText } from '../../core/reports/reportText';
import { type CliIo } from '../../core/commandLine/io';
import { warnedValidationReport } from '../warnedReport';
import { choiceOption, flag, onePositional, parseOptions, stringOption } from '../../core/commandLine/options';

export const REPORT_HELP = `Usage: eval-adjudicator report RUNDIR --format md|json|html [--out FILE] [--target run-items|superpopulation]

The validation report of a run, titled and worded by its benchmark (YokaiEval's "Judge validation",
Kalahi's "Metric validation"): automatic accuracy and the estimate of the true accuracy with 95%
intervals and the method used; judge– or metric–human agreement (confusion matrix, percent, Cohen's kappa
with its interval) overall, per annotator and per facet (YokaiEval question type and normalized region,
Kalahi category and topic); each Kalahi metric against the human verdict; agreement between annotators
beside it; judge–judge agreement for a re-judged run; the validation sample, judge stability (a benchmark
with a judge) and conflicting items; the method notes; and the run's provenance (model, judge, dataset
files with sha256, versions).
JSON is the data behind every figure. Without --out it goes to stdout.
  --target  what the estimate's interval is for: run-items (default), the model's accuracy on the run's
            items; superpopulation, on the questions the items stand for (adds θ(1 − θ)/N)
`;

const FORMATS = ['md', 'json', 'html'] as const;

export function reportCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('report', args, { format: { type: 'string' }, out: { type: 'string' }, target: { type: 'string' } });
  if (flag(parsed, 'help')) {
    io.stdout(REPORT_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, onePositional('report', parsed, 'RUNDIR'));
  const format = choiceOption('report', parsed, 'format', FORMATS);
  if (format === undefined) throw new UsageError('report: --format md|json|html is required');
  const target = choiceOption('report', parsed, 'target', ESTIMATE_TARGETS);
  const report = warnedValidationReport(dir, io, target === undefined ? {} : { target });
  const text = reportText(report, format);
  const out = stringOption(parsed, 'out');
  if (out === undefined) io.stdout(text);
  else {
    writeFileSync(resolve(io.cwd, out), text);
    io.stderr(`wrote ${resolve(io.cwd, out)}\n`);
  }
  return 0;
}
