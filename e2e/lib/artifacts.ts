// Screenshots and failure diagnostics, written to e2e/artifacts/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths';
import { type CodeServer } from './codeServer';

function safeName(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'unnamed';
}

/** Saves a full-window PNG to e2e/artifacts/NAME.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${safeName(name)}.png`);
  await page.screenshot({ path, timeout: 15_000 });
  return path;
}

/**
 * Saves what helps diagnose a failure: a screenshot (if the page still answers) and the tails of
 * code-server's and the extension host's logs, as e2e/artifacts/NAME-failure.{png,log}. Never throws.
 */
export async function saveFailureArtifacts(
  name: string,
  context: { page?: Page | undefined; server?: CodeServer | undefined; error?: unknown },
): Promise<string[]> {
  const saved: string[] = [];
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  if (context.page !== undefined) {
    try {
      saved.push(await screenshot(context.page, `${name}-failure`));
    } catch {
      // the page may be gone
    }
  }
  const lines: string[] = [];
  if (context.error !== undefined) {
    lines.push(context.error instanceof Error ? (context.error.stack ?? context.error.message) : String(context.error));
  }
  if (context.server !== undefined) lines.push(context.server.logTail(120));
  const logPath = join(ARTIFACTS_DIR, `${safeName(name)}-failure.log`);
  writeFileSync(logPath, `${lines.join('\n\n')}\n`);
  saved.push(logPath);
  return saved;
}
