import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { TABLE_FORMATS, crossRunRows, renderCrossRunTable } from '../../core/reports/crossRunTable';
import { type CliIo } from '../../core/commandLine/io';
import { warnedValidationReport } from '../warnedReport';
import { choiceOption, flag, parseOptions, stringOption } from '../../core/commandLine/options';

export const TABLE_HELP = `Usage: eval-adjudicator table RUNDIR... --format csv|md|tex [--out FILE]

One row per run (model x benchmark), sorted by benchmark and model: the automatic accuracy and the
estimated true accuracy with 95% intervals (percent), the estimate's method and its human verdicts,
judge–human kappa with its interval, human–human agreement, and flags: low-kappa (< 0.6), few-labels
(< 30 human verdicts), not-estimated, no-sample, nulls (> 5% null verdicts), errors, conflicts, stale,
flips. CSV (UTF-8 with BOM, fractions, one column per bound), Markdown, or a LaTeX tabular (booktabs).
`;

export function tableCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('table', args, { format: { type: 'string' }, out: { type: 'string' } });
  if (flag(parsed, 'help')) {
    io.stdout(TABLE_HELP);
    return 0;
  }
  if (parsed.positionals.length === 0) throw new UsageError('table: name at least one RUNDIR');
  const format = choiceOption('table', parsed, 'format', TABLE_FORMATS);
  if (format === undefined) throw new UsageError('table: --format csv|md|tex is required');
  const reports = parsed.positionals.map((dir) => warnedValidationReport(resolve(io.cwd, dir), io));
  const text = renderCrossRunTable(crossRunRows(reports), format);
  const out = stringOption(parsed, 'out');
  if (out === undefined) io.stdout(text);
  else {
    writeFileSync(resolve(io.cwd, out), text);
    io.stderr(`wrote ${resolve(io.cwd, out)}\n`);
  }
  return 0;
}
