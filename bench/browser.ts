import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, scratchDir } from './paths';

/** The part of playwright-core the bench uses (it lives in e2e/node_modules, not among the project's dependencies). */
export interface BenchPage {
  goto(url: string, options?: { timeout?: number }): Promise<unknown>;
  waitForFunction(expression: string, arg?: unknown, options?: { timeout?: number; polling?: number | 'raf' }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
  on(event: 'pageerror', listener: (error: Error) => void): void;
}

export interface CdpSession {
  send(method: string, params?: Record<string, unknown>): Promise<unknown>;
}

interface BenchContext {
  newPage(): Promise<BenchPage>;
  newCDPSession(page: BenchPage): Promise<CdpSession>;
}

export interface BenchBrowser {
  newContext(options: { viewport: { width: number; height: number } }): Promise<BenchContext>;
  version(): string;
  close(): Promise<void>;
}

interface Chromium {
  launch(options: {
    executablePath: string;
    headless: boolean;
    args: string[];
    env: Record<string, string | undefined>;
    timeout: number;
  }): Promise<BenchBrowser>;
}

export const CHROMIUM_PATH = process.env['E2E_CHROMIUM'] ?? '/usr/bin/chromium';
const PLAYWRIGHT = join(REPO_ROOT, 'e2e', 'node_modules', 'playwright-core', 'index.js');

/** The flags the end-to-end tests use (e2e/lib/browser.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Why headless Chromium cannot be used here, or null when it can. */
export function chromiumUnavailable(): string | null {
  if (!existsSync(CHROMIUM_PATH)) return `no chromium at ${CHROMIUM_PATH}`;
  if (!existsSync(PLAYWRIGHT)) return `no playwright-core at ${PLAYWRIGHT} (run bash e2e/setup.sh)`;
  return null;
}

function isChromium(value: unknown): value is Chromium {
  return typeof value === 'object' && value !== null && typeof (value as { launch?: unknown }).launch === 'function';
}

/** Debian's chromium through the e2e harness's playwright-core, with a scratch HOME (its crash database goes there). */
export async function launchChromium(): Promise<BenchBrowser> {
  const loaded: unknown = await import(PLAYWRIGHT);
  const chromium = (loaded as { chromium?: unknown }).chromium ?? (loaded as { default?: { chromium?: unknown } }).default?.chromium;
  if (!isChromium(chromium)) throw new Error(`${PLAYWRIGHT} has no chromium launcher`);
  const home = scratchDir('chromium-home');
  const xdg = {
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
  };
  for (const dir of Object.values(xdg)) mkdirSync(dir, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: home, ...xdg },
    timeout: 60_000,
  });
}
