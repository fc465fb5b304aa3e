// The core's version is a literal (src/core/version.ts, written by scripts/versionFile.mjs) rather than an import
// of package.json from outside src/core: it must be package.json's, in the source and in what the CLI says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOOL_VERSION } from '../../../src/core/version';
import { scratchDir } from '../../helpers/scratch';

const ROOT = join(__dirname, '..', '..', '..');
const manifestVersion = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

test("src/core/version.ts holds package.json's version", () => {
  assert.equal(TOOL_VERSION, manifestVersion);
});

test('the built CLI says that version', () => {
  const cli = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout.trim(), manifestVersion);
});

test("the build's check finds a version.ts that is not package.json's", () => {
  const root = scratchDir('tool-version');
  mkdirSync(join(root, 'src', 'core'), { recursive: true });
  copyFileSync(join(ROOT, 'src', 'core', 'version.ts'), join(root, 'src', 'core', 'version.ts'));
  const check = (version: string): unknown => {
    writeFileSync(join(root, 'package.json'), JSON.stringify({ version }));
    const script = `import { staleVersionFile } from ${JSON.stringify(pathToFileURL(join(ROOT, 'scripts', 'versionFile.mjs')).href)};
      console.log(JSON.stringify(staleVersionFile(${JSON.stringify(root)})));`;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    return JSON.parse(out.stdout);
  };
  assert.equal(check(manifestVersion), null);
  assert.match(String(check('9.9.9')), /does not hold package\.json's version 9\.9\.9/);
});
