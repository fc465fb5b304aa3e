// The review UI bench in headless Chromium: the shipped webview bundle under a fake VS Code API
// (bench/reviewUiPage.ts), opened the way the extension opens it (the page loading while the host opens the
// run, in a process of its own), then keystrokes timed to the frame painted, and the heap.
import { type ChildProcess, fork } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import * as z from 'zod';
import { type BenchPage, type CdpSession, launchChromium } from './browser';
import { type MachineCpu, busyShare, machineCpu } from './machineCpu';
import { REPO_ROOT } from './paths';
import { type HostSide, type KeyLatency, type ReviewUiResult, hostFiles, hostTimes } from './reviewUiResult';
import { HARNESS_JS, PAGE_HTML } from './reviewUiPage';
import { log, percentile, round } from './stats';

/** Builds the webview bundle as the packaged extension ships it (minified). */
async function buildWebview(dir: string): Promise<string> {
  const outfile = join(dir, 'webview.js');
  await build({
    entryPoints: [join(REPO_ROOT, 'webview/main.ts')],
    outfile,
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    loader: { '.css': 'text' },
    logLevel: 'silent',
  });
  return outfile;
}

interface Served {
  readonly type: string;
  readonly path?: string;
  readonly text?: string;
  /** Answered once this settles (a file the host has not written yet). */
  readonly after?: Promise<unknown>;
}

function serve(files: Readonly<Record<string, Served>>): Promise<Server> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (file === undefined) {
      res.writeHead(404).end();
      return;
    }
    void (file.after ?? Promise.resolve()).then(
      () => {
        res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
        if (file.text !== undefined) res.end(file.text);
        else if (file.path !== undefined) createReadStream(file.path).pipe(res);
      },
      () => res.writeHead(503).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function numberIn(marks: Record<string, unknown>, key: string): number {
  const value = marks[key];
  if (typeof value !== 'number') throw new Error(`the page did not record ${key}`);
  return value;
}

async function pressKeys(page: BenchPage, key: string, count: number): Promise<KeyLatency> {
  const result = (await page.evaluate(`window.__bench.press(${JSON.stringify(key)}, ${count})`)) as {
    handler: number[];
    selection: number[];
    item: number[];
  };
  return {
    presses: count,
    handlerP95Ms: round(percentile(result.handler, 95), 2),
    selectionP50Ms: round(percentile(result.selection, 50), 2),
    selectionP95Ms: round(percentile(result.selection, 95), 2),
    itemP50Ms: round(percentile(result.item, 50), 2),
    itemP95Ms: round(percentile(result.item, 95), 2),
  };
}

async function heapMB(cdp: CdpSession): Promise<number> {
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize?: number };
  return (usage.usedSize ?? Number.NaN) / 1e6;
}

const epochNow = (): number => performance.timeOrigin + performance.now();

const HostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('loaded') }),
  z.object({ type: z.literal('written'), startedAt: z.number(), openedAt: z.number(), writtenAt: z.number(), cpuMs: z.number() }),
]);
type HostReport = Extract<z.output<typeof HostMessageSchema>, { type: 'written' }>;

/** The extension host's stand-in (bench/reviewUiHost.ts), its modules loaded (as the extension's are before a command runs). */
async function startHost(): Promise<{
  readonly go: (paths: { runDir: string; initPath: string; firstItemPath: string }) => Promise<HostReport>;
  readonly close: () => void;
}> {
  const child: ChildProcess = fork(join(REPO_ROOT, 'bench/reviewUiHost.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (): Promise<z.output<typeof HostMessageSchema>> =>
    new Promise((resolve, reject) => {
      child.once('message', (raw) => resolve(HostMessageSchema.parse(raw)));
      child.once('exit', (code) => reject(new Error(`bench/reviewUiHost.ts exited (${String(code)}) before answering`)));
    });
  const loaded = await next();
  if (loaded.type !== 'loaded') throw new Error('bench/reviewUiHost.ts did not start');
  return {
    go: async (paths) => {
      const written = next();
      child.send({ type: 'go', ...paths });
      const report = await written;
      if (report.type !== 'written') throw new Error('bench/reviewUiHost.ts did not write the first messages');
      return report;
    },
    close: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

/**
 * The open timed first; `measureHost` (the host part's other figures, and the files of the rows and item
 * details the page fetches once the first item is painted: those requests wait for it) runs after.
 */
export async function inChromium(runDir: string, dir: string, measureHost: () => HostSide): Promise<ReviewUiResult> {
  const bundle = await buildWebview(dir);
  const codicons = join(REPO_ROOT, 'node_modules/@vscode/codicons/dist');
  const opener = await startHost();
  const first = { initPath: join(dir, 'overlap-init.json'), firstItemPath: join(dir, 'overlap-first-item.json') };
  const files = hostFiles(dir);
  let measured: (host: HostSide) => void = () => undefined;
  const hostMeasured = new Promise<HostSide>((resolve) => (measured = resolve));
  let go: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (go = resolve));
  let startedAt = Number.NaN;
  let cpuAtCommand: MachineCpu | null = null;
  let cpuAtWritten: MachineCpu | null = null;
  const written = started
    .then(() => opener.go({ runDir, ...first }))
    .then((report) => {
      cpuAtWritten = machineCpu();
      return report;
    });
  // Awaited below; the server's requests wait on it meanwhile.
  written.catch(() => undefined);
  const server = await serve({
    '/': { text: PAGE_HTML, type: 'text/html' },
    '/harness.js': { text: HARNESS_JS, type: 'text/javascript' },
    '/webview.js': { text: readFileSync(bundle, 'utf8'), type: 'text/javascript' },
    '/codicon.css': { path: join(codicons, 'codicon.css'), type: 'text/css' },
    '/codicon.ttf': { path: join(codicons, 'codicon.ttf'), type: 'font/ttf' },
    '/init.json': { path: first.initPath, type: 'application/json', after: written },
    '/first-item.json': { path: first.firstItemPath, type: 'application/json', after: written },
    '/chunks.json': { path: files.chunksPath, type: 'application/json', after: hostMeasured },
    '/details.json': { path: files.detailsPath, type: 'application/json', after: hostMeasured },
  });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    // As in an editor already running: the browser's own start-up work (its processes, the first page's
    // renderer) is over before the command, not counted in it.
    await page.goto('about:blank');
    const settledAfterMs = await untilQuiet();
    // The Review command: the panel's page navigates while the host opens the run.
    startedAt = epochNow();
    cpuAtCommand = machineCpu();
    go();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { timeout: 60_000 });
    const until = (condition: string, what: string): Promise<unknown> =>
      page.waitForFunction(`window.__bench && ${condition}`, undefined, { timeout: 300_000, polling: 50 }).catch(async (error: unknown) => {
        const state = await page.evaluate(
          'JSON.stringify({ marks: window.__bench && window.__bench.marks, errors: window.__bench && window.__bench.errors, body: document.body.innerText.slice(0, 300) })',
        );
        throw new Error(`the review page never ${what} (${String(state)}; page errors: ${errors.join('; ')})`, { cause: error });
      });
    await until('window.__bench.marks.rendered !== undefined', 'showed its first item');
    const hostReport = await written;
    const host = measureHost();
    measured(host);
    await until('window.__bench.marks.allRows !== undefined && window.__bench.marks.details !== undefined', 'listed every row');
    const marks = (await page.evaluate('window.__bench.marks')) as Record<string, unknown>;
    const origin = (await page.evaluate('performance.timeOrigin')) as number;
    // The page's marks (0 = its navigation start) on the bench's clock (0 = the command).
    const fromCommand = (pageMs: number): number => round(origin + pageMs - startedAt, 1);
    const usedBeforeGc = await heapMB(cdp);
    const keys: Record<string, KeyLatency> = {};
    keys['j'] = await pressKeys(page, 'j', 200);
    keys['k'] = await pressKeys(page, 'k', 50);
    keys['PageDown'] = await pressKeys(page, 'PageDown', 20);
    keys['End'] = await pressKeys(page, 'End', 1);
    keys['Home'] = await pressKeys(page, 'Home', 1);
    await cdp.send('HeapProfiler.collectGarbage');
    const used = await heapMB(cdp);
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
    const firstItem = numberIn(marks, 'firstItemPainted');
    const initReceived = numberIn(marks, 'initParsed');
    const overlap = {
      hostStartedMs: round(hostReport.startedAt - startedAt, 1),
      hostOpenedMs: round(hostReport.openedAt - startedAt, 1),
      hostWrittenMs: round(hostReport.writtenAt - startedAt, 1),
      hostCpuMs: round(hostReport.cpuMs, 1),
      machineBusyShare: busyShareOf(cpuAtCommand, cpuAtWritten),
      browserSettledAfterMs: settledAfterMs,
      navigationStartMs: fromCommand(0),
      readyMs: fromCommand(numberIn(marks, 'ready')),
      initReceivedMs: fromCommand(initReceived),
      firstItemPaintedMs: fromCommand(firstItem),
    };
    if (overlap.initReceivedMs < overlap.hostWrittenMs)
      throw new Error(
        `the page had the init at ${overlap.initReceivedMs} ms, before the host wrote it at ${overlap.hostWrittenMs} ms: the two clocks disagree`,
      );
    log(
      `review ui: command to first item painted ${overlap.firstItemPaintedMs} ms (host wrote the first messages at ${overlap.hostWrittenMs} ms, page ready at ${overlap.readyMs} ms); j p95 ${keys['j'].itemP95Ms} ms; heap ${used.toFixed(0)} MB`,
    );
    return {
      environment: `headless Chromium ${browser.version()} (playwright-core), viewport 1280x800`,
      fallback: null,
      items: host.items,
      host: hostTimes(host),
      webview: {
        readyMs: round(numberIn(marks, 'ready'), 1),
        initReceivedMs: round(initReceived, 1),
        initHandledMs: round(numberIn(marks, 'initHandled'), 1),
        firstItemPaintedMs: round(firstItem, 1),
        initToFirstItemMs: round(firstItem - initReceived, 1),
        allRowsMs: round(numberIn(marks, 'allRows') - numberIn(marks, 'chunksFetched'), 1),
        rendered: marks['rendered'],
      },
      overlap,
      webviewFirstItemMs: round(firstItem, 1),
      openToFirstItemMs: overlap.firstItemPaintedMs,
      keys,
      heap: { usedMB: round(used, 1), usedBeforeGcMB: round(usedBeforeGc, 1) },
    };
  } finally {
    opener.close();
    await browser.close();
    server.close();
  }
}

function busyShareOf(from: MachineCpu | null, to: MachineCpu | null): number | null {
  const share = busyShare(from, to);
  return share === null ? null : round(share, 2);
}

const QUIET_SHARE = 0.25;
const QUIET_WINDOW_MS = 250;
const QUIET_LIMIT_MS = 5000;

/** Waits until the machine's cores are mostly idle over a short window (at most 5 s); returns how long that took. */
async function untilQuiet(): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < QUIET_LIMIT_MS) {
    const before = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const share = busyShare(before, machineCpu());
    if (share === null || share < QUIET_SHARE) break;
  }
  return round(performance.now() - start, 0);
}
