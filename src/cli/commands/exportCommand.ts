import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../core/util/errors';
import { type ExportFormat } from '../../core/runs/exportFormat';
import { exportRun } from '../../core/export/exportRun';
import { loadRunState } from '../../core/adjudication/runState';
import { runPaths } from '../../core/runs/runFolder';
import { tornLineProblems } from '../../core/adjudication/tornLines';
import { warnSkippedLines } from '../skippedLines';
import { type CliIo } from '../../core/commandLine/io';
import { type Parsed, choiceOption, flag, onePositional, parseOptions, stringOption } from '../../core/commandLine/options';
import { type WriteBack } from '../../core/contract/benchmark';
import { benchmarkOf, registeredBenchmarks } from '../../core/benchmarks/registry';
import { EXPORT_PERS, adjudicatedExportOf } from '../../core/export/adjudicatedExport';
import { gradedScaleOf } from '../../core/export/gradedRows';
import { RUN_REGISTRY } from '../../core/benchmarks/runRegistry';

export const EXPORT_HELP = `Usage: eval-adjudicator export RUNDIR --format csv|json [--adjudicated] [--out FILE]
       eval-adjudicator export RUNDIR --format WRITE-BACK --out FILE [--source LOG]   (an imported log's own format, below)

One row per item, in dataset order: itemId, question, choices, gold, response, judgeReply, verdict, error.
CSV is UTF-8 with a byte-order mark (spreadsheet programs then show Japanese right); a verdict is true,
false or null, and an empty cell means no decision (an error, or an item not yet run).
JSON is {"run": <run.json>, "items": [...]} with the same keys. Without --out it goes to stdout.
A Kalahi run has instead: itemId, promptId, category, topic, prompt, bestAnswer, answer, verdict (the
primary metric's acc), error; for MC mc1, mc2, and each reference's score beside the references (one per
line); per metric M the columns M.maxRelevant, M.maxIrrelevant, M.diff, M.acc.
  --adjudicated   per item the automatic verdict, the final human verdict (automaticVerdict,
                  humanVerdict, decidedBy, annotators, flags, notes, stale, conflict); in JSON also the
                  run's automatic and adjudicated scores, overrides by direction and flag counts.
                  A graded run (run.json scale ordinal or numeric) has grades instead, on the source's
                  scale: automaticLevel, automaticGrade, humanLevel, humanGrade, decidedHow,
                  adjudicatedLevel, adjudicatedGrade (a null grade written null, no grade empty),
                  criteria, criteriaDecided, grades (each annotator's); JSON adds "graded" (mean grades
                  with nulls counted, and the source's own figure, e.g. SEA-HELM's
                  average_criteria_score, from the judge's and from the adjudicated grades), which the
                  command also prints on stderr
  --per item|criterion   with --adjudicated on a graded run: one row per item (default) or one row per
                  criterion of each item (itemId, the facets, criterion, text, judgeWrote, the grade
                  columns above, decidedBy, annotators, grades, notes, stale, conflict)
`;

const FORMATS: readonly ExportFormat[] = ['csv', 'json'];

const writeBacks = (): WriteBack[] => registeredBenchmarks().flatMap((b) => (b.writeBack === undefined ? [] : [b.writeBack]));

export function exportHelp(): string {
  return `${EXPORT_HELP}${writeBacks()
    .map((w) => `  --format ${w.format}   ${w.description}\n`)
    .join('')}`;
}

/** `export RUNDIR --format <write-back> --out FILE [--source FILE]`: the human verdicts into a copy of the imported log. */
function writeBackCommand(dir: string, writeBack: WriteBack, parsed: Parsed, io: CliIo): number {
  const out = stringOption(parsed, 'out');
  if (out === undefined) throw new UsageError(`export --format ${writeBack.format}: --out FILE is required`);
  const state = loadRunState(dir, RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  if (benchmarkOf(state.manifest.benchmark).writeBack !== writeBack)
    throw new UsageError(`export --format ${writeBack.format}: ${dir} is a ${state.manifest.benchmark} run, not one imported for it`);
  const source = stringOption(parsed, 'source');
  const outcome = writeBack.write(state, resolve(io.cwd, out), source === undefined ? {} : { source: resolve(io.cwd, source) });
  for (const note of outcome.notes) io.stderr(`${note}\n`);
  io.stderr(`wrote ${resolve(io.cwd, out)} (${outcome.edited} scores edited)\n`);
  return 0;
}

export function exportCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions('export', args, {
    format: { type: 'string' },
    out: { type: 'string' },
    adjudicated: { type: 'boolean' },
    source: { type: 'string' },
    per: { type: 'string' },
  });
  if (flag(parsed, 'help')) {
    io.stdout(exportHelp());
    return 0;
  }
  const dir = resolve(io.cwd, onePositional('export', parsed, 'RUNDIR'));
  const writeBack = writeBacks().find((w) => w.format === stringOption(parsed, 'format'));
  if (writeBack !== undefined) return writeBackCommand(dir, writeBack, parsed, io);
  const format = choiceOption('export', parsed, 'format', FORMATS);
  if (format === undefined)
    throw new UsageError(`export: --format ${['csv', 'json', ...writeBacks().map((w) => w.format)].join('|')} is required`);
  const per = choiceOption('export', parsed, 'per', EXPORT_PERS) ?? 'item';
  const state = flag(parsed, 'adjudicated') ? loadRunState(dir, RUN_REGISTRY) : undefined;
  const graded = state === undefined ? undefined : gradedScaleOf(state);
  if (per !== 'item' && graded === undefined)
    throw new UsageError(
      `export: --per criterion goes with --adjudicated on a graded run (run.json scale ordinal or numeric)${state === undefined ? '' : `; ${dir} is binary`}`,
    );
  // A plain export reads results.jsonl alone: its torn last line, if any, is still worth a word.
  warnSkippedLines(io, state !== undefined ? state.problems : tornLineProblems(runPaths(dir)));
  const exported = state === undefined ? { text: exportRun(dir, format), gradedLines: [] } : adjudicatedExportOf(state, format, per);
  // A graded run's figures (the source's own among them) are printed, as summary prints them.
  for (const line of exported.gradedLines) io.stderr(`${line}\n`);
  const text = exported.text;
  const out = stringOption(parsed, 'out');
  if (out === undefined) {
    io.stdout(text);
  } else {
    writeFileSync(resolve(io.cwd, out), text);
    io.stderr(`wrote ${resolve(io.cwd, out)}\n`);
  }
  return 0;
}
