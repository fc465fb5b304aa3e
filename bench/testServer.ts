import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import * as z from 'zod';
import { REPO_ROOT } from './paths';

/** The OpenAI-compatible test server in a child process, so its CPU time is not the client's. */
export interface ServerProcess {
  readonly url: string;
  /** Recorded requests by HTTP status ("200", "429"…), from the server's control endpoint. */
  counts(): Promise<Record<string, number>>;
  /** The span of the requests recorded since the last reset. */
  span(): Promise<ServedSpan>;
  /** Forgets the recorded requests. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

const RequestsSchema = z.object({ counts: z.record(z.string(), z.number()) });
const TimesSchema = z.object({ requests: z.array(z.object({ receivedAt: z.number(), answeredAt: z.number().nullable() })) });

/** When the server received its first request and answered its last (Date.now(), the clock every process shares). */
export interface ServedSpan {
  readonly requests: number;
  readonly firstReceivedAt: number;
  readonly lastAnsweredAt: number;
}

export async function startServerProcess(args: readonly string[]): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/server/main.ts'), '--port', '0', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stdout = child.stdout;
  if (stdout === null) throw new Error('test server: no stdout');
  const lines = createInterface({ input: stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`test server exited (${String(code)}) before printing its URL`)));
  });
  lines.close();
  const { url } = z.object({ url: z.string() }).parse(JSON.parse(first));
  const origin = url.replace(/\/v1$/, '');
  return {
    url,
    counts: async () => RequestsSchema.parse(await (await fetch(`${origin}/__test/requests`)).json()).counts,
    span: async () => {
      const { requests } = TimesSchema.parse(await (await fetch(`${origin}/__test/requests`)).json());
      if (requests.length === 0) throw new Error('test server: no request recorded');
      return {
        requests: requests.length,
        firstReceivedAt: Math.min(...requests.map((r) => r.receivedAt)),
        lastAnsweredAt: Math.max(...requests.map((r) => r.answeredAt ?? r.receivedAt)),
      };
    },
    reset: async () => {
      const response = await fetch(`${origin}/__test/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`test server: reset answered ${response.status}`);
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
