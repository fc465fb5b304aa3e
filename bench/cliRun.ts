import { main } from '../src/cli/main';
import { type CliIo } from '../src/core/commandLine/io';
import { readManifest } from '../src/core/runs/runFolder';
import { type RunManifest } from '../src/core/runs/runManifest';
import { REPO_ROOT } from './paths';
import { cpuMsSince, since } from './stats';

export interface CliRunOutcome {
  readonly wallMs: number;
  /** CPU time of this process (user + system) during the run: the client, the server runs elsewhere. */
  readonly cpuMs: number;
  readonly manifest: RunManifest;
  readonly stderr: string;
}

/** Runs `eval-adjudicator run …` in this process, as the CLI does, and times it. */
export async function timedCliRun(argv: readonly string[]): Promise<CliRunOutcome> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stderrIsTty: false,
    env: { ...process.env, OPENAI_API_KEY: '', EVAL_ADJUDICATOR_DEBUG: '1' },
    cwd: REPO_ROOT,
  };
  const cpu = process.cpuUsage();
  const start = performance.now();
  const code = await main(argv, io);
  const wallMs = since(start);
  const cpuMs = cpuMsSince(cpu);
  if (code !== 0) throw new Error(`eval-adjudicator ${argv.join(' ')} exited ${code}: ${stderr}`);
  const runDir = stdout.trim().split('\n').pop() ?? '';
  return { wallMs, cpuMs, manifest: readManifest(runDir), stderr };
}
