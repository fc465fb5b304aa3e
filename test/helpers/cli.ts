import { Readable } from 'node:stream';
import { main } from '../../src/cli/main';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The last line of stdout: where commands print the run folder. */
  readonly lastLine: string;
}

/** Runs the CLI in this process, as the bin would, with its own environment and working directory. */
export async function runCli(
  argv: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; signal?: AbortSignal; stdin?: string } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTty: false,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.stdin !== undefined ? { stdin: Readable.from([options.stdin]) } : {}),
  });
  const lines = stdout.trimEnd().split('\n');
  return { code, stdout, stderr, lastLine: lines[lines.length - 1] ?? '' };
}
