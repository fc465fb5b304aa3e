// Starts the project's OpenAI-compatible test server (test/server/main.ts) as its own process.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT, killTree } from '../lib';

export interface RunningTestServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startProjectTestServer(args: readonly string[], env: Record<string, string> = {}): Promise<RunningTestServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/main.ts', '--port', '0', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the test server did not print its URL within 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the test server exited (${code ?? 'signal'}) before listening`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return {
    url,
    close: async () => {
      if (child.pid !== undefined && child.exitCode === null) await killTree(child.pid);
    },
  };
}
