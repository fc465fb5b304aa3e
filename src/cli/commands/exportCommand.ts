import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { type ExportFormat } from '../../core/runs/exportFormat';
import { exportRun } from '../../core/export/exportRun';
import { exportAdjudicated } from '../../core/adjudication/exportAdjudicated';
import { loadRunState } from '../../core/adjudication/runState';
import { warnSkippedLines } from '../skippedLines';
import { type CliIo } from '../../core/commandLine/io';
import { choiceOption, flag, onePositional, parseOptions, stringOption } from '../../core/commandLine/options';

export const EXPORT_HELP = `Usage: eval-adjudicator export RUNDIR --format csv|json [--adjudicated] [--out FILE]

One row per item, in dataset order: itemId, question, choices, gold, response, judgeReply, verdict, error.
CSV is UTF-8 with a byte-order mark (spreadsheet programs then show Japanese right); a verdict is true,
false or null, and an empty cell means no decision (an error, or an item not yet run).
JSON is {"run": <run.json>, "items": [...]} with the same keys. Without --out it goes to stdout.
A Kalahi run has instead: itemId, promptId, category, topic, prompt, bestAnswer, answer, verdict (the
primary metric's acc), error; for MC mc1, mc2, and each reference's score beside the references (one per
line); per metric M the columns M.maxRelevant, M.maxIrrelevant, M.diff, M.acc.
  --adjudicated   per item the automatic verdict, the final human verdict (automaticVerdict,
                  humanVerdict, decidedBy, annotators, flags, notes, stale, conflict); in JSON also the
                  run's automatic and adjudicated scores, overrides by direction and flag counts
`;

const FORMATS: readonly ExportFormat[] = ['csv', 'json'];

export function exportCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('export', args, { format: { type: 'string' }, out: { type: 'string' }, adjudicated: { type: 'boolean' } });
  if (flag(parsed, 'help')) {
    io.stdout(EXPORT_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, onePositional('export', parsed, 'RUNDIR'));
  const format = choiceOption('export', parsed, 'format', FORMATS);
  if (format === undefined) throw new UsageError('export: --format csv|json is required');
  const state = flag(parsed, 'adjudicated') ? loadRunState(dir) : undefined;
  if (state !== undefined) warnSkippedLines(io, state.problems);
  const text = state !== undefined ? exportAdjudicated(dir, format, state) : exportRun(dir, format);
  const out = stringOption(parsed, 'out');
  if (out === undefined) {
    io.stdout(text);
  } else {
    writeFileSync(resolve(io.cwd, out), text);
    io.stderr(`wrote ${resolve(io.cwd, out)}\n`);
  }
  return 0;
}
