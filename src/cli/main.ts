import { UsageError, UserError, errorMessage } from '../core/util/errors';
import { TOOL_VERSION } from '../core/version';
import { type CliIo } from '../core/commandLine/io';
interface LoadedCommand {
  readonly help: string;
  readonly run: (args: readonly string[], io: CliIo) => number | Promise<number>;
}

interface Command {
  readonly summary: string;
  /** Loaded on use, so that start-up evaluates only the modules of the command that runs. */
  readonly load: () => Promise<LoadedCommand>;
}

const COMMANDS: Readonly<Record<string, Command>> = {
  run: {
    summary: 'run a benchmark against a model into a new run folder',
    load: async () => import('./commands/runCommand').then((m) => ({ help: m.RUN_HELP, run: m.runCommand })),
  },
  summary: {
    summary: "a run folder's scores and verdict counts",
    load: async () => import('./commands/summaryCommand').then((m) => ({ help: m.SUMMARY_HELP, run: m.summaryCommand })),
  },
  export: {
    summary: 'one row per item as CSV or JSON, or human verdicts written back into an imported log',
    load: async () => import('./commands/exportCommand').then((m) => ({ help: m.exportHelp(), run: m.exportCommand })),
  },
  import: {
    summary: 'an official results file or an evaluation log (Inspect…) as a run folder',
    load: async () => import('./commands/importCommand').then((m) => ({ help: m.importHelp(), run: m.importCommand })),
  },
  adjudicate: {
    summary: 'append human decisions to a run (one, or many from CSV)',
    load: async () => import('./commands/adjudicateCommand').then((m) => ({ help: m.ADJUDICATE_HELP, run: m.adjudicateCommand })),
  },
  similarity: {
    summary: 'similarity scores of JSON lines of hypothesis and reference',
    load: async () => import('./commands/similarityCommand').then((m) => ({ help: m.SIMILARITY_HELP, run: m.similarityCommand })),
  },
  sample: {
    summary: 'draw a seeded validation sample, stratified by automatic verdict',
    load: async () => import('./commands/sampleCommand').then((m) => ({ help: m.SAMPLE_HELP, run: m.sampleCommand })),
  },
  queue: {
    summary: 'review order: dataset, seeded random, or most informative first',
    load: async () => import('./commands/queueCommand').then((m) => ({ help: m.QUEUE_HELP, run: m.queueCommand })),
  },
  stability: {
    summary: 're-ask the judge k times and mark items whose verdict flips',
    load: async () => import('./commands/stabilityCommand').then((m) => ({ help: m.STABILITY_HELP, run: m.stabilityCommand })),
  },
  rejudge: {
    summary: "judge a run's responses again with another judge, into a new run",
    load: async () => import('./commands/rejudgeCommand').then((m) => ({ help: m.REJUDGE_HELP, run: m.rejudgeCommand })),
  },
  report: {
    summary: 'the validation report (Markdown, JSON or HTML)',
    load: async () => import('./commands/reportCommand').then((m) => ({ help: m.REPORT_HELP, run: m.reportCommand })),
  },
  table: {
    summary: 'one table of several runs (CSV, Markdown or LaTeX)',
    load: async () => import('./commands/tableCommand').then((m) => ({ help: m.TABLE_HELP, run: m.tableCommand })),
  },
};

/** The command names, in the order the help lists them. */
export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

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
    const topic = name === 'help' && args[0] !== undefined ? COMMANDS[args[0]] : undefined;
    io.stdout(topic !== undefined ? (await topic.load()).help : MAIN_HELP);
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${TOOL_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  try {
    if (command === undefined)
      throw new UsageError(`unknown command "${name}" (${Object.keys(COMMANDS).join(', ')}); see eval-adjudicator --help`);
    return await (await command.load()).run(args, io);
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
