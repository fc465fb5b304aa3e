// One call that brings up code-server + chromium + the workbench, runs a test body, saves diagnostics on
// failure (or on abort, e.g. a node:test timeout) and always tears everything down.
import { type Browser, type Page } from 'playwright-core';
import { saveFailureArtifacts } from './artifacts';
import { launchBrowser, openWorkbench } from './browser';
import { startCodeServer, type CodeServer, type StartCodeServerOptions } from './codeServer';

export interface WorkbenchSession {
  server: CodeServer;
  browser: Browser;
  page: Page;
}

export interface WithWorkbenchOptions extends StartCodeServerOptions {
  /** Names the failure artifacts (e2e/artifacts/NAME-failure.png and .log). */
  name: string;
  /** Pass node:test's `t.signal`: on a timeout the diagnostics are saved and everything is closed at once. */
  signal?: AbortSignal;
}

function withNote(err: unknown, note: string): unknown {
  if (!(err instanceof Error)) return new Error(`${String(err)}\n${note}`);
  const original = err.message;
  err.message = `${original}\n${note}`;
  if (err.stack !== undefined) err.stack = err.stack.replace(original, err.message);
  return err;
}

export async function withWorkbench(options: WithWorkbenchOptions, body: (session: WorkbenchSession) => Promise<void>): Promise<void> {
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  let diagnostics: Promise<string[]> | undefined;
  const diagnose = (error: unknown): Promise<string[]> => (diagnostics ??= saveFailureArtifacts(options.name, { page, server, error }));
  const teardown = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    await server?.close();
  };
  const onAbort = (): void => {
    void diagnose(options.signal?.reason ?? new Error('aborted')).finally(() => void teardown());
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    options.signal?.throwIfAborted();
    server = await startCodeServer(options);
    browser = await launchBrowser();
    page = await openWorkbench(browser, server.url, options.workspaceDir);
    await body({ server, browser, page });
  } catch (err) {
    const saved = await diagnose(err);
    throw withNote(err, `diagnostics: ${saved.join(', ')}`);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await diagnostics?.catch(() => undefined);
    await teardown();
  }
}
