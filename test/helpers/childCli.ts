import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..');
/** The built CLI (npm test builds it first): run in a child process of its own, as a user runs it. */
export const BUILT_CLI = join(REPO_ROOT, 'dist', 'cli.js');
/** Preloaded into a child: prints its peak resident set size (bytes) as the last line of stderr when it exits. */
const REPORT_RSS = join(__dirname, 'reportPeakRss.cjs');

export interface ChildResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function startCli(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; peakRss?: boolean } = {},
): { child: ChildProcess; done: Promise<ChildResult>; stderrSoFar: () => string } {
  const node = options.peakRss === true ? ['--require', REPORT_RSS, BUILT_CLI] : [BUILT_CLI];
  const child = spawn(process.execPath, [...node, ...args], { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ChildResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done, stderrSoFar: () => stderr };
}

/** The peak RSS a child started with `peakRss` reported, in bytes. */
export function peakRssOf(result: ChildResult): number {
  const match = /peak rss (\d+)\s*$/.exec(result.stderr);
  if (match === null) throw new Error(`no peak rss reported: ${result.stderr}`);
  return Number(match[1]);
}
