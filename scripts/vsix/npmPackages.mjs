// Fetches packages as npm publishes them (`npm pack NAME@VERSION`: the tarball only, no install, no script run),
// checks each against the integrity package-lock.json records, and unpacks them. Tarballs are kept in a cache
// folder, so a second `npm run package` fetches nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file `npm pack` writes for a package: @scope/name@1.0.0 -> scope-name-1.0.0.tgz. */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/** Whether the file's bytes match one of the lock's integrity strings ("sha512-<base64>", space-separated). */
function matchesIntegrity(file, integrity) {
  const bytes = readFileSync(file);
  return integrity.split(/\s+/).some((entry) => {
    const dash = entry.indexOf('-');
    const algorithm = entry.slice(0, dash);
    return (
      ['sha512', 'sha384', 'sha256', 'sha1'].includes(algorithm) &&
      createHash(algorithm).update(bytes).digest('base64') === entry.slice(dash + 1)
    );
  });
}

/** npm as a child: the npm that runs this script (npm_execpath) when there is one, else `npm` on PATH. */
function npm(args, cwd) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath !== undefined && execPath.endsWith('.js') ? [process.execPath, [execPath]] : ['npm', []];
  const result = spawnSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32' && command === 'npm',
  });
  if (result.status !== 0)
    throw new Error(`npm ${args.slice(0, 3).join(' ')} … failed (exit ${result.status ?? result.signal}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * Makes sure every package is in `cacheDir` as the registry serves it and as the lock records it; returns the
 * tarball path of each, by "name@version". Fetches the missing ones in a few `npm pack` calls.
 */
export function fetchTarballs(packages, cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  const unique = new Map(packages.map((p) => [`${p.name}@${p.version}`, p]));
  const missing = [...unique.values()].filter((p) => {
    const file = join(cacheDir, tarballName(p.name, p.version));
    return !existsSync(file) || !matchesIntegrity(file, p.integrity);
  });
  for (let i = 0; i < missing.length; i += 40) {
    const batch = missing.slice(i, i + 40).map((p) => `${p.name}@${p.version}`);
    npm(['pack', '--ignore-scripts', '--json', '--pack-destination', cacheDir, ...batch], cacheDir);
  }
  const files = new Map();
  for (const [spec, p] of unique) {
    const file = join(cacheDir, tarballName(p.name, p.version));
    if (!existsSync(file)) throw new Error(`npm pack ${spec} wrote no ${file}`);
    if (!matchesIntegrity(file, p.integrity))
      throw new Error(`${spec}: the registry's tarball does not match package-lock.json's integrity ${p.integrity}`);
    files.set(spec, file);
  }
  return { files, fetched: missing.length };
}

/** Unpacks an npm tarball (one top folder, "package/" as a rule) into `dest`. */
export function unpack(tarball, dest) {
  mkdirSync(dest, { recursive: true });
  const result = spawnSync('tar', ['-xzf', tarball, '-C', dest, '--strip-components=1'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`tar -xzf ${tarball} failed: ${result.stderr}`);
}
