import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EndpointFailedError } from '../../core/model/endpointUnreachable';
import { outageLine } from '../../core/model/outageLine';
import { UsageError } from '../../core/util/errors';
import { dataDirFrom } from '../../core/data/resolveSourceFile';
import { userCacheDir } from '../../core/data/cacheDir';
import { RequestPool } from '../../core/model/requestPool';
import { DEFAULT_RETRY_POLICY } from '../../core/model/retryPolicy';
import { type Selection, continueRun, responseCacheIn, runEveryItem } from '../../core/runs/executeRun';
import { runPaths } from '../../core/runs/runFolder';
import { readRunManifest } from '../../core/benchmarks/runRegistry';
import { withRecordedCache } from '../../core/runs/recordedOptions';
import { uniqueRunName } from '../../core/runs/runName';
import { type RunSession } from '../../core/runs/runSession';
import { type CliIo } from '../../core/commandLine/io';
import { flag, numberOption, parseOptions, stringOption } from '../../core/commandLine/options';
import { type PhaseReporter, phaseReporter, progressReporter } from '../progressReporter';
import { printDryRun } from './dryRun';
import { registeredBenchmarks } from '../../core/benchmarks/registry';
import { type BenchmarkRunCli, type RunContext } from '../../core/commandLine/benchmarkRunCli';
import { SHARED_RUN_OPTIONS } from '../../core/commandLine/sharedRunOptions';

const COMMAND = 'run';

/** Every registered benchmark's part of `run` (looked up at each call: a benchmark may register later). */
const runClis = (): BenchmarkRunCli[] => registeredBenchmarks().flatMap((b) => (b.runCli === undefined ? [] : [b.runCli]));

export function runHelp(): string {
  return runClis()
    .map((b) => b.help)
    .join('\n');
}

/** `run --help` as the top-level help table shows it: the built-in benchmarks'. */
export const RUN_HELP = runHelp();

/** The exit code of a run that finished with items whose current result is an error. */
export const RUN_ERRORS_REMAIN = 3;

/** Every benchmark's options, so that one parse reads any command line; each is then checked against its benchmark. */
const allOptions = (): typeof SHARED_RUN_OPTIONS =>
  Object.assign({}, SHARED_RUN_OPTIONS, ...runClis().map((b) => b.options)) as typeof SHARED_RUN_OPTIONS;

export async function runCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions(COMMAND, args, allOptions());
  const [benchmarkName, ...extra] = parsed.positionals;
  const benchmark = runClis().find((b) => b.name === benchmarkName);
  if (flag(parsed, 'help')) {
    io.stdout(benchmark?.help ?? runHelp());
    return 0;
  }
  const names = runClis()
    .map((b) => b.name)
    .join(', ');
  if (benchmarkName === undefined) throw new UsageError(`${COMMAND}: name a benchmark (${names})`);
  if (extra.length > 0) throw new UsageError(`${COMMAND}: unexpected argument "${extra[0] ?? ''}"`);
  if (benchmark === undefined) throw new UsageError(`${COMMAND}: unknown benchmark "${benchmarkName}" (${names})`);
  for (const [option, value] of Object.entries(parsed.values)) {
    if (value === undefined || option === 'help' || option in SHARED_RUN_OPTIONS || option in benchmark.options) continue;
    throw new UsageError(
      `${COMMAND}: --${option} is not an option of ${benchmark.name} (see eval-adjudicator run ${benchmark.name} --help)`,
    );
  }

  const resumeDir = stringOption(parsed, 'resume');
  const retryDir = stringOption(parsed, 'retry-errors');
  if (resumeDir !== undefined && retryDir !== undefined) throw new UsageError(`${COMMAND}: --resume and --retry-errors exclude each other`);
  const existing = resumeDir ?? retryDir;
  const concurrency = numberOption(COMMAND, parsed, 'concurrency', { integer: true, min: 1, max: 1024 });
  const timeout = numberOption(COMMAND, parsed, 'timeout', { min: 0.001 });
  const maxAttempts = numberOption(COMMAND, parsed, 'max-attempts', { integer: true, min: 1, max: 100 });
  const outagePatience = numberOption(COMMAND, parsed, 'outage-patience', { min: 0 });
  const cacheDir = resolve(io.cwd, stringOption(parsed, 'cache-dir') ?? userCacheDir(io.env));
  const useCache = !flag(parsed, 'no-cache');
  const outDir = resolve(io.cwd, stringOption(parsed, 'out') ?? 'runs');
  const dataOption = stringOption(parsed, 'data');

  let workers = concurrency ?? 8;
  // The steps before the first result (a local model's runtime, loading, hashing…), then the item bar's.
  let phases: PhaseReporter = phaseReporter(io.stderrIsTty, io.stderr);
  const context: RunContext = {
    command: COMMAND,
    parsed,
    io,
    dryRun: flag(parsed, 'dry-run'),
    environment: (keys, defaultConcurrency = 8) => {
      workers = concurrency ?? defaultConcurrency;
      return {
        sources: {
          dataDir: dataDirFrom(dataOption === undefined ? undefined : resolve(io.cwd, dataOption), io.env),
          cacheDir,
          ...(io.signal ? { signal: io.signal } : {}),
        },
        keys,
        concurrency: workers,
        useCache,
        pool: new RequestPool({
          maxConcurrency: workers,
          ...(outagePatience !== undefined ? { outagePatienceMs: outagePatience * 1000 } : {}),
          onOutage: (event) => io.stderr(`eval-adjudicator: ${outageLine(event)}\n`),
        }),
        cache: useCache ? responseCacheIn(cacheDir) : undefined,
        retry: { ...DEFAULT_RETRY_POLICY, ...(maxAttempts !== undefined ? { maxAttempts } : {}) },
        timeoutMs: timeout !== undefined ? timeout * 1000 : undefined,
        onPhase: (phase) => phases.phase(phase),
      };
    },
    runName: (model) => {
      const name = stringOption(parsed, 'name') ?? uniqueRunName(outDir, benchmark.name, model);
      if (name.includes('/') || name.includes('\\') || name === '.' || name === '..')
        throw new UsageError(`${COMMAND}: --name must be a plain folder name`);
      return name;
    },
  };

  let session: RunSession;
  let selection: Selection;
  let runDir: string;
  try {
    if (existing !== undefined) {
      runDir = resolve(io.cwd, existing);
      const manifest = readRunManifest(runDir);
      if (manifest.benchmark !== benchmark.name) {
        throw new UsageError(
          `${COMMAND}: ${runDir} is a ${manifest.benchmark} run: use eval-adjudicator run ${manifest.benchmark} ${resumeDir !== undefined ? '--resume' : '--retry-errors'} ${existing}`,
        );
      }
      // The run's recorded options rule its continuation (--no-cache stays off the cache).
      session = await benchmark.reopen(manifest, {
        ...context,
        environment: (keys, concurrencyDefault) => withRecordedCache(context.environment(keys, concurrencyDefault), manifest),
      });
      selection = resumeDir !== undefined ? 'missing' : 'errors';
    } else {
      session = await benchmark.prepare(context);
      if (context.dryRun) {
        printDryRun(session, io);
        await session.release?.();
        return 0;
      }
      selection = 'all';
      runDir = join(outDir, session.manifest.id);
    }
  } finally {
    phases.stop();
  }

  const reporter = progressReporter(session.tasks.size, io.stderrIsTty, io.stderr);
  phases = reporter;
  const options = {
    workers,
    signal: io.signal,
    onProgress: reporter.update,
    onTornLine: (movedTo: string) => io.stderr(`results.jsonl ended in a torn line; its bytes were moved to ${movedTo}\n`),
  };
  let outcome;
  try {
    outcome =
      selection === 'all' ? await runEveryItem(runDir, session, options) : await continueRun(runPaths(runDir), session, selection, options);
  } catch (error) {
    if (!(error instanceof EndpointFailedError)) throw error;
    reporter.stop();
    // One line, and the exit code of a run whose items did not get their answers.
    const written = existsSync(join(runDir, 'run.json'));
    io.stderr(
      `eval-adjudicator: ${error.message}${written ? `; then go on with: eval-adjudicator run ${benchmark.name} --resume ${runDir}` : ''}\n`,
    );
    if (written) io.stdout(`${runDir}\n`);
    return RUN_ERRORS_REMAIN;
  } finally {
    reporter.stop();
  }
  const { counts } = outcome.manifest;
  io.stderr(
    `${counts.done} done, ${counts.error} errors, ${counts.missing} missing of ${counts.items} items${outcome.cancelled ? ' (cancelled: finish with --resume)' : ''}\n`,
  );
  io.stdout(`${outcome.paths.dir}\n`);
  if (outcome.cancelled) return 130;
  if (counts.error > 0) {
    // Scripts and CI must notice a run that did not get its answers (an endpoint unreachable, a bad key).
    io.stderr(
      `eval-adjudicator: ${counts.error} of ${counts.items} items still have errors; redo them with: eval-adjudicator run ${benchmark.name} --retry-errors ${outcome.paths.dir}\n`,
    );
    return RUN_ERRORS_REMAIN;
  }
  return 0;
}
