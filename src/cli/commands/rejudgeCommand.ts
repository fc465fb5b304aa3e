import { dirname, join, resolve } from 'node:path';
import { type ExecuteOutcome, continueRun } from '../../core/runs/executeRun';
import { withRecordedCache } from '../../core/runs/recordedOptions';
import { specFromRecord } from '../../core/runs/modelSpec';
import { runPaths } from '../../core/runs/runFolder';
import { uniqueRunName } from '../../core/runs/runName';
import { UsageError, UserError } from '../../core/util/errors';
import { prepareRejudge, reopenRejudge, settleRejudge, startRejudge } from '../../core/rejudge/rejudge';
import { type CliIo } from '../../core/commandLine/io';
import { keyFromEnv } from '../../core/commandLine/endpointOptions';
import { llmJudgeOf } from '../../core/rejudge/llmJudge';
import { JUDGE_OPTIONS, JUDGE_OPTIONS_HELP, judgeSpecFrom, judgeTemplateFrom, requestSetup } from '../judgeOptions';
import { flag, parseOptions, stringOption } from '../../core/commandLine/options';
import { progressReporter } from '../progressReporter';
import { printDryRun } from './dryRun';
import { readRunManifest } from '../../core/benchmarks/runRegistry';

const COMMAND = 'rejudge';

export const REJUDGE_HELP = `Usage: eval-adjudicator rejudge RUNDIR [--judge-model M] [judge options] [--out DIR] [--name NAME]
       eval-adjudicator rejudge --resume NEWRUNDIR | --retry-errors NEWRUNDIR

Judges a YokaiEval run's responses again, with another judge model, parameters or prompt, into a new run
folder: same items, same responses, nothing sent to the model (items whose model call failed are copied
as they are). Its run.json records the new judge and the template's sha256 and points at the source run:
"sourceRun": {id, dir (relative to the new folder), resultsSha256}; the template is copied into the folder
as judge_prompt.txt. summary and report then give judge–judge agreement with the source run, and the new
judge against the human verdicts made in the source run. Prints the new run folder as the last line.
  --out DIR         where the new folder goes (default: beside the source run)
  --name NAME       its name (default: <source id>-judge-<judge model>-<time>)
  --resume DIR      complete an interrupted re-judge      --retry-errors DIR   redo its judge errors
  --dry-run         print the first judge prompts and the request count; send nothing
${JUDGE_OPTIONS_HELP}`;

export async function rejudgeCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions(COMMAND, args, {
    ...JUDGE_OPTIONS,
    out: { type: 'string' },
    name: { type: 'string' },
    resume: { type: 'string' },
    'retry-errors': { type: 'string' },
    'dry-run': { type: 'boolean' },
  });
  if (flag(parsed, 'help')) {
    io.stdout(REJUDGE_HELP);
    return 0;
  }
  const setup = requestSetup(COMMAND, parsed, io);
  const resumeDir = stringOption(parsed, 'resume');
  const retryDir = stringOption(parsed, 'retry-errors');
  if (resumeDir !== undefined && retryDir !== undefined) throw new UsageError(`${COMMAND}: --resume and --retry-errors exclude each other`);
  const existing = resumeDir ?? retryDir;
  const options = (total: number) => {
    const reporter = progressReporter(total, io.stderrIsTty, io.stderr);
    return {
      reporter,
      execute: {
        workers: setup.concurrency,
        signal: io.signal,
        onProgress: reporter.update,
        onTornLine: (movedTo: string) => io.stderr(`results.jsonl ended in a torn line; its bytes were moved to ${movedTo}\n`),
      },
    };
  };

  let outcome: ExecuteOutcome;
  if (existing !== undefined) {
    if (parsed.positionals.length > 0)
      throw new UsageError(`${COMMAND}: --resume and --retry-errors take the re-judged run folder, not a source RUNDIR`);
    const dir = resolve(io.cwd, existing);
    const manifest = readRunManifest(dir);
    if (manifest.judge === null) throw new UserError(`${dir}: run.json records no judge`);
    const spec = specFromRecord(manifest.judge);
    const session = reopenRejudge(dir, spec, {
      ...withRecordedCache(setup, manifest),
      judgeKey: keyFromEnv(io.env, spec.endpoint, spec.apiKeyEnv, 'judge'),
    });
    const { reporter, execute } = options(session.tasks.size);
    try {
      outcome = settleRejudge(await continueRun(runPaths(dir), session, resumeDir !== undefined ? 'missing' : 'errors', execute), session);
    } finally {
      reporter.stop();
    }
  } else {
    const [source, ...extra] = parsed.positionals;
    if (source === undefined) throw new UsageError(`${COMMAND}: missing RUNDIR`);
    if (extra.length > 0) throw new UsageError(`${COMMAND}: unexpected argument "${extra[0] ?? ''}"`);
    const sourceDir = resolve(io.cwd, source);
    const sourceManifest = readRunManifest(sourceDir);
    const llmJudge = llmJudgeOf(sourceManifest.benchmark, sourceDir, 'replace');
    const spec = judgeSpecFrom(COMMAND, parsed, llmJudge, sourceManifest.judge, sourceManifest.model);
    const template = await judgeTemplateFrom(parsed, io, llmJudge);
    const outDir = resolve(io.cwd, stringOption(parsed, 'out') ?? dirname(sourceDir));
    const name = stringOption(parsed, 'name') ?? uniqueRunName(outDir, `${sourceManifest.id}-judge`, spec.name);
    if (name.includes('/') || name.includes('\\') || name === '.' || name === '..')
      throw new UsageError(`${COMMAND}: --name must be a plain folder name`);
    const dryRun = flag(parsed, 'dry-run');
    const input = { sourceDir, dir: join(outDir, name), id: name, judge: spec, template: template.text, templateSource: template.source };
    const session = prepareRejudge(input, {
      ...setup,
      judgeKey: dryRun ? undefined : keyFromEnv(io.env, spec.endpoint, spec.apiKeyEnv, 'judge'),
    });
    if (dryRun) {
      printDryRun(session, io);
      return 0;
    }
    const { reporter, execute } = options(session.tasks.size);
    try {
      outcome = settleRejudge(await startRejudge(input, session, execute), session);
    } finally {
      reporter.stop();
    }
  }
  const { counts } = outcome.manifest;
  io.stderr(
    `${counts.done} done, ${counts.error} errors, ${counts.missing} missing of ${counts.items} items${outcome.cancelled ? ' (cancelled: finish with --resume)' : counts.missing > 0 ? ' (missing in the source run)' : ''}\n`,
  );
  io.stdout(`${outcome.paths.dir}\n`);
  return outcome.cancelled ? 130 : 0;
}
