// `npm run bench` writes its figures into bench/README.md: each run one dated entry (the machine, its load,
// the targets and every figure) between the markers below, newest first, the last KEPT_RUNS kept.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';
import { type Target } from './targets';

export const BENCH_README = join(REPO_ROOT, 'bench', 'README.md');
export const RUNS_START = '<!-- bench:runs:start (written by npm run bench; edit above or below) -->';
export const RUNS_END = '<!-- bench:runs:end -->';
const ENTRY_START = '<!-- bench:run -->';
const KEPT_RUNS = 5;

/** What of the bench's report an entry shows. */
export interface BenchReport {
  readonly time: string;
  readonly machine: Record<string, unknown>;
  readonly durationSeconds: number;
  readonly targets: readonly Target[];
  readonly warnings: readonly string[];
  readonly [section: string]: unknown;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function loads(value: unknown): string {
  return Array.isArray(value) ? value.map((l) => String(l)).join(' / ') : 'unknown';
}

/** The sections that ran: every part of the report whose value is not a skip. */
function ranSections(report: BenchReport): Record<string, unknown> {
  const ran: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(report)) {
    const skip = typeof value === 'object' && value !== null && (value as { error?: unknown }).error === 'skipped (--only)';
    if (!skip) ran[key] = value;
  }
  return ran;
}

/** One run's entry, in Markdown. */
export function runEntry(report: BenchReport, args: readonly string[]): string {
  const m = report.machine;
  const when = report.time.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC');
  const lines = [
    ENTRY_START,
    `### ${when}: \`npm run bench${args.length > 0 ? ` -- ${args.join(' ')}` : ''}\``,
    '',
    `Node ${String(m['node'])}, ${String(m['platform'])}, ${String(m['cpus'])} × ${String(m['cpuModel'])}, ${String(m['memoryGB'])} GB; ` +
      `load average ${loads(m['loadAverageAtStart'])} at the start, ${loads(m['loadAverageAtEnd'])} at the end; ${report.durationSeconds} s.`,
    ...report.warnings.map((w) => `**Warning:** ${w}.`),
    '',
  ];
  // Targets of the parts that did not run (or failed: their error is in the JSON) have no value.
  const targets = report.targets.filter((t) => t.value !== null);
  if (targets.length > 0) {
    lines.push('| figure | value | target | met |', '| --- | --- | --- | --- |');
    for (const t of targets)
      lines.push(
        `| ${cell(t.name)} | ${t.value === null ? 'none' : String(t.value)} | ${cell(t.target)} | ${t.reportedOnly === true ? 'reported only' : t.met ? 'yes' : '**no**'} |`,
      );
    lines.push('');
  }
  lines.push(
    '<details><summary>Every figure of this run (the JSON it printed, sections that ran)</summary>',
    '',
    '```json',
    JSON.stringify(ranSections(report), null, 2),
    '```',
    '',
    '</details>',
    '',
  );
  return lines.join('\n');
}

/** The README with `entry` first among its runs, the oldest beyond KEPT_RUNS dropped. */
export function withRun(readme: string, entry: string): string {
  const start = readme.indexOf(RUNS_START);
  const end = readme.indexOf(RUNS_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`bench/README.md: the markers ${RUNS_START} and ${RUNS_END} are missing`);
  const between = readme.slice(start + RUNS_START.length, end);
  const previous = between
    .split(ENTRY_START)
    .slice(1)
    .map((e) => `${ENTRY_START}${e.trimEnd()}\n`);
  const kept = [entry, ...previous].slice(0, KEPT_RUNS);
  return `${readme.slice(0, start + RUNS_START.length)}\n\n${kept.join('\n')}\n${readme.slice(end)}`;
}

/** Writes the run into bench/README.md (or `file`). */
export function recordRun(report: BenchReport, args: readonly string[], file = BENCH_README): void {
  writeFileSync(file, withRun(readFileSync(file, 'utf8'), runEntry(report, args)));
}
