// Child processes: run-to-completion with captured output, and whole-tree kills that also happen if the
// test process exits early (an 'exit' hook kills every tree still registered).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const live = new Set<number>();
process.on('exit', () => {
  for (const pid of live) killNow(pid, 'SIGKILL');
});
// A test runner cancelling a file sends a signal: kill the trees, then die as the signal would have.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const) {
  process.once(signal, () => process.exit(code));
}

export interface RunResult {
  code: number | null;
  output: string;
}

/** Runs a command to completion (stdout and stderr merged); rejects with the output on failure or timeout. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true });
    const pid = child.pid;
    if (pid !== undefined) live.add(pid);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      if (pid !== undefined) void killTree(pid);
      reject(new Error(`timed out after ${timeoutMs} ms: ${command} ${args.join(' ')}\n${output}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start ${command}: ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pid !== undefined) live.delete(pid);
      if (code === 0) resolvePromise({ code, output });
      else reject(new Error(`exit ${code}: ${command} ${args.join(' ')}\n${output}`));
    });
  });
}

/** Starts a long-running process in its own process group and registers it for cleanup. */
export function startDetached(command: string, args: readonly string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) live.add(child.pid);
  return child;
}

/** Every descendant pid of `root` (from /proc), deepest first. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Field 4 (ppid) follows the parenthesised command name, which may itself contain spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const out: number[] = [];
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      walk(child);
      out.push(child);
    }
  };
  walk(root);
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killNow(pid: number, signal: NodeJS.Signals): void {
  for (const target of [-pid, ...descendants(pid), pid]) {
    try {
      process.kill(target, signal);
    } catch {
      // already gone
    }
  }
}

/** SIGTERM to the process group and every descendant (even ones that left the group), SIGKILL after graceMs. */
export async function killTree(pid: number, graceMs = 5_000): Promise<void> {
  const all = [pid, ...descendants(pid)];
  killNow(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && all.some(alive)) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const p of all) {
    if (alive(p)) killNow(p, 'SIGKILL');
  }
  live.delete(pid);
}
