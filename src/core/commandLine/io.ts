/** Where a command writes: stdout for results, stderr for progress and messages. Tests pass their own. */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly stderrIsTty: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly signal?: AbortSignal;
  /** What commands that read lines (similarity) read; absent means empty input. */
  readonly stdin?: NodeJS.ReadableStream;
}

export function processIo(signal?: AbortSignal): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTty: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
    ...(signal ? { signal } : {}),
  };
}
