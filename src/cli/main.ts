import { UsageError, UserError, errorMessage } from '../core/util/errors';
import { TOOL_VERSION } from '../core/version';
import { type CliIo } from './io';
import { ADJUDICATE_HELP, adjudicateCommand } from './commands/adjudicateCommand';
import { EXPORT_HELP, exportCommand } from './commands/exportCommand';
import { IMPORT_HELP, importCommand } from './commands/importCommand';
import { RUN_HELP, runCommand } from './commands/runCommand';
import { SUMMARY_HELP, summaryCommand } from './commands/summaryCommand';
import { SIMILARITY_HELP, similarityCommand } from './commands/similarityCommand';
import { QUEUE_HELP, queueCommand } from './commands/queueCommand';
import { REJUDGE_HELP, rejudgeCommand } from './commands/rejudgeCommand';
import { REPORT_HELP, reportCommand } from './commands/reportCommand';
import { SAMPLE_HELP, sampleCommand } from './commands/sampleCommand';
import { STABILITY_HELP, stabilityCommand } from './commands/stabilityCommand';
import { TABLE_HELP, tableCommand } from './commands/tableCommand';

interface Command {
  readonly summary: string;
  readonly help: string;
  readonly run: (args: readonly string[], io: CliIo) => number | Promise<number>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  run: { summary: 'run a benchmark against a model into a new run folder', help: RUN_HELP, run: runCommand },
  summary: { summary: "a run folder's scores and verdict counts", help: SUMMARY_HELP, run: summaryCommand },
  export: { summary: 'one row per item as CSV or JSON', help: EXPORT_HELP, run: exportCommand },
  import: { summary: 'an official results file as a run folder', help: IMPORT_HELP, run: importCommand },
  adjudicate: { summary: 'append human decisions to a run (one, or many from CSV)', help: ADJUDICATE_HELP, run: adjudicateCommand },
  similarity: { summary: 'similarity scores of JSON lines of hypothesis and reference', help: SIMILARITY_HELP, run: similarityCommand },
  sample: { summary: 'draw a seeded validation sample, stratified by automatic verdict', help: SAMPLE_HELP, run: sampleCommand },
  queue: { summary: 'review order: dataset, seeded random, or most informative first', help: QUEUE_HELP, run: queueCommand },
  stability: { summary: 're-ask the judge k times and mark items whose verdict flips', help: STABILITY_HELP, run: stabilityCommand },
  rejudge: { summary: "judge a run's responses again with another judge, into a new run", help: REJUDGE_HELP, run: rejudgeCommand },
  report: { summary: 'the judge-validation report (Markdown, JSON or HTML)', help: REPORT_HELP, run: reportCommand },
  table: { summary: 'one table of several runs (CSV, Markdown or LaTeX)', help: TABLE_HELP, run: tableCommand },
};

export const MAIN_HELP = `Usage: eval-adjudicator <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(12)}${c.summary}`)
  .join('\n')}

eval-adjudicator <command> --help shows a command's options.
`;

/** Runs the CLI; returns the exit code: 0 success, 1 failure, 2 bad usage, 3 a run ended with item errors, 130 cancelled. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? args[0] : undefined;
    io.stdout(topic !== undefined && COMMANDS[topic] ? COMMANDS[topic].help : MAIN_HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  try {
    if (command === undefined) throw new UsageError(`unknown command "${name}" (${Object.keys(COMMANDS).join(', ')}); see eval-adjudicator --help`);
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`eval-adjudicator: ${error.message}\n`);
      return 2;
    }
    if (io.signal?.aborted) {
      io.stderr('eval-adjudicator: cancelled\n');
      return 130;
    }
    const shown = error instanceof UserError ? error.message : errorMessage(error);
    io.stderr(`eval-adjudicator: ${shown}\n`);
    if (!(error instanceof UserError) && io.env['EVAL_ADJUDICATOR_DEBUG'] && error instanceof Error) io.stderr(`${error.stack ?? ''}\n`);
    return 1;
  }
}
