// src/core/version.ts holds package.json's version as a literal, so that the core imports nothing from outside
// src/core. `node scripts/versionFile.mjs` writes it; npm's `version` script runs it when `npm version` bumps
// package.json. The build refuses a stale one (so no bundle or VSIX carries another version than its manifest),
// and test/unit/build/toolVersion.test.ts checks the two agree.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const versionFile = (root) => join(root, 'src', 'core', 'version.ts');

/** What src/core/version.ts must read for this version. */
export function versionSource(version) {
  return (
    "// Written by scripts/versionFile.mjs from package.json's version (npm version runs it); the build and a test check they agree.\n" +
    `export const TOOL_VERSION = '${version}';\n`
  );
}

export function packageVersion(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
}

/** Why src/core/version.ts does not match package.json (of the checkout at `root`), or null when it does. */
export function staleVersionFile(root = ROOT) {
  const version = packageVersion(root);
  if (readFileSync(versionFile(root), 'utf8') === versionSource(version)) return null;
  return `src/core/version.ts does not hold package.json's version ${version}: run \`node scripts/versionFile.mjs\``;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(versionFile(ROOT), versionSource(packageVersion()));
  console.log(`src/core/version.ts: ${packageVersion()}`);
}
