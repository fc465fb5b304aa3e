// npm run bench: every performance figure of the tool, as one JSON object on stdout (progress on stderr).
//   node --import tsx bench/main.ts [--only runner,wholeProcess,noisy429,outage,rateLimit,kalahiMc,ggufMc,metrics,neural,reviewUi,adjudication,loading,foreignImport] [--quick] [--no-readme]
// It also writes its figures into bench/README.md (bench/readme.ts), unless --no-readme.
// Each figure is a ratio or a median measured within this one run, never an absolute pass/fail timing.
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchAdjudication } from './adjudication';
import { benchForeignImport } from './foreignImport';
import { benchGgufMc } from './ggufMc';
import { benchKalahiMc } from './kalahiMc';
import { benchLoading } from './loading';
import { benchMetrics } from './metrics';
import { benchNeuralMetrics } from './neuralMetrics';
import { benchNoisy429 } from './noisy429';
import { benchOutage } from './outage';
import { DATA_DIR, cleanupScratch, scratchDir } from './paths';
import { benchRateLimit } from './rateLimit';
import { recordRun } from './readme';
import { benchReviewUi } from './reviewUi';
import { benchRunner } from './runner';
import { log, round, since } from './stats';
import { writeSyntheticRun } from './synthetic';
import { type Outcome, targetsOf } from './targets';
import { benchWholeProcess } from './wholeProcess';

const SECTIONS = [
  'runner',
  'wholeProcess',
  'noisy429',
  'outage',
  'rateLimit',
  'kalahiMc',
  'ggufMc',
  'metrics',
  'neural',
  'loading',
  'reviewUi',
  'adjudication',
  'foreignImport',
] as const;
type Section = (typeof SECTIONS)[number];

const SYNTHETIC_ITEMS = 100_000;

function machine(): Record<string, unknown> {
  const cpu = cpus();
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model ?? 'unknown',
    memoryGB: round(totalmem() / 2 ** 30, 1),
    loadAverageAtStart: loadavg().map((l) => round(l, 2)),
  };
}

async function attempt<T>(name: string, run: () => T | Promise<T>): Promise<Outcome<T>> {
  const start = performance.now();
  log(`${name}…`);
  try {
    const value = await run();
    log(`${name} done in ${(since(start) / 1000).toFixed(1)} s`);
    return { ok: true, value };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${name} failed: ${message}`);
    return { ok: false, error: message };
  }
}

function skipped<T>(): Outcome<T> {
  return { ok: false, error: 'skipped (--only)' };
}

function shown<T>(outcome: Outcome<T>): T | { error: string } {
  return outcome.ok ? outcome.value : { error: outcome.error };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, quick: { type: 'boolean' }, 'no-readme': { type: 'boolean' } },
    strict: true,
  });
  const only = values.only?.split(',').map((s) => s.trim());
  const unknown = only?.find((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown !== undefined) throw new Error(`--only: unknown section "${unknown}" (${SECTIONS.join(', ')})`);
  const wanted = (section: Section): boolean => only === undefined || only.includes(section);
  const repetitions = values.quick === true ? 1 : 3;
  const started = performance.now();
  const startLoad = loadavg();
  const host = machine();

  // The network benches first, while the process is small; then the 100 000-item run folder.
  const runner = wanted('runner') ? await attempt('runner', () => benchRunner(repetitions)) : skipped<never>();
  const wholeProcess = wanted('wholeProcess') ? await attempt('whole process', () => benchWholeProcess(repetitions)) : skipped<never>();
  const noisy429 = wanted('noisy429') ? await attempt('noisy 429s', () => benchNoisy429()) : skipped<never>();
  const outage = wanted('outage') ? await attempt('outage', () => benchOutage()) : skipped<never>();
  const rateLimit = wanted('rateLimit') ? await attempt('rate limit', () => benchRateLimit()) : skipped<never>();
  const kalahiMc = wanted('kalahiMc') ? await attempt('Kalahi MC', () => benchKalahiMc(repetitions)) : skipped<never>();
  const ggufMc = wanted('ggufMc') ? await attempt('Kalahi MC on a local GGUF', () => benchGgufMc(values.quick === true)) : skipped<never>();
  const metrics = wanted('metrics') ? await attempt('similarity metrics', () => benchMetrics(repetitions + 2)) : skipped<never>();
  const neural = wanted('neural')
    ? await attempt('BERTScore and BLEURT (tiny ONNX models)', () => benchNeuralMetrics(repetitions))
    : skipped<never>();

  const foreignImport = wanted('foreignImport')
    ? await attempt('Inspect import of 10 000 samples', () => benchForeignImport(repetitions))
    : skipped<never>();

  const needsRun = wanted('loading') || wanted('reviewUi') || wanted('adjudication');
  const synthetic = needsRun
    ? await attempt(`synthetic run of ${SYNTHETIC_ITEMS} items`, () =>
        writeSyntheticRun(join(scratchDir('synthetic'), 'run'), { items: SYNTHETIC_ITEMS, decided: 2000 }),
      )
    : skipped<never>();
  const runDir = synthetic.ok ? synthetic.value.dir : undefined;
  const withRun = <T>(section: Section, name: string, run: (dir: string) => T | Promise<T>): Promise<Outcome<T>> => {
    if (!wanted(section)) return Promise.resolve(skipped<T>());
    if (runDir === undefined) return Promise.resolve({ ok: false, error: 'no synthetic run folder' });
    return attempt(name, () => run(runDir));
  };
  const loading = await withRun('loading', 'loading', (dir) => benchLoading(dir, repetitions));
  const reviewUi = await withRun('reviewUi', 'review UI', (dir) => benchReviewUi(dir));
  // Last: it appends decisions to the synthetic run.
  const adjudication = await withRun('adjudication', 'adjudication', (dir) => benchAdjudication(dir, 50));

  const targets = targetsOf({
    runner,
    wholeProcess,
    noisy429,
    outage,
    rateLimit,
    kalahiMc,
    reviewUi,
    adjudication,
    ggufMc,
    neural,
    foreignImport,
  });
  const report = {
    tool: 'eval-adjudicator bench',
    time: new Date().toISOString(),
    machine: host,
    data: DATA_DIR,
    repetitions,
    durationSeconds: 0,
    runner: shown(runner),
    wholeProcess: shown(wholeProcess),
    noisy429: shown(noisy429),
    outage: shown(outage),
    rateLimit: shown(rateLimit),
    kalahiMc: shown(kalahiMc),
    ggufMc: shown(ggufMc),
    metrics: shown(metrics),
    neural: shown(neural),
    foreignImport: shown(foreignImport),
    syntheticRun: synthetic.ok
      ? {
          items: synthetic.value.items,
          resultsMB: round(synthetic.value.resultsBytes / 1e6, 1),
          adjudicationEvents: synthetic.value.adjudicationEvents,
          writeMs: round(synthetic.value.writeMs, 0),
        }
      : shown(synthetic),
    loading: shown(loading),
    reviewUi: shown(reviewUi),
    adjudication: shown(adjudication),
    targets,
    warnings: [] as string[],
  };
  report.durationSeconds = round(since(started) / 1000, 1);
  report.machine['loadAverageAtEnd'] = loadavg().map((l) => round(l, 2));
  const busiest = Math.max(...[...startLoad, ...loadavg()]);
  if (busiest > cpus().length) {
    report.warnings.push(
      `load average up to ${busiest.toFixed(1)} on ${cpus().length} cores: other processes competed for the CPU, so timings are inflated; run again on a quiet machine`,
    );
  }
  const withTargets = targets.filter((t) => t.reportedOnly !== true);
  log(
    `targets met: ${withTargets.filter((t) => t.met).length} of ${withTargets.length} (and ${targets.length - withTargets.length} figures reported without a target)`,
  );
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (values['no-readme'] !== true) {
    recordRun(report, process.argv.slice(2));
    log('figures written into bench/README.md');
  }
}

main()
  .catch((error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  })
  .finally(() => cleanupScratch());
