// The packages a runtime folder needs, read from package-lock.json: its roots and everything they depend on,
// at the lock's versions and at the lock's paths (a subset of the tree `npm ci` lays out, so Node resolves
// each import inside it exactly as in the checkout). Optional dependencies are not followed (the platform
// packages are roots of their own), nor optional peers.

/** The lock path Node would find `name` at, required from the package at `from` ('' for the root). */
function resolveIn(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (base === '') return null;
    const at = base.lastIndexOf('/node_modules/');
    base = at < 0 ? '' : base.slice(0, at);
  }
}

/** A package's name from its lock path: what follows the last node_modules/. */
export function nameOf(path) {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Every package the roots need: [{ path, name, version, integrity }], sorted by path. Throws naming the
 * package when the lock lacks one (a root not installed by `npm ci`, or a dependency missing).
 */
export function lockClosure(lock, roots) {
  const packages = lock.packages;
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const entry = packages[path];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => optionalPeers[name]?.optional !== true);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...peers]) {
      const found = resolveIn(packages, path, name);
      if (found === null) throw new Error(`package-lock.json: ${nameOf(path)} depends on ${name}, which the lock does not hold`);
      visit(found);
    }
  };
  for (const root of roots) {
    const path = `node_modules/${root}`;
    if (!(path in packages))
      throw new Error(`package-lock.json holds no ${root}: add it to package.json's optionalDependencies and run npm install`);
    visit(path);
  }
  return [...seen].sort().map((path) => {
    const { version, integrity } = packages[path];
    if (typeof version !== 'string' || typeof integrity !== 'string')
      throw new Error(`package-lock.json: ${path} has no version or integrity`);
    return { path, name: nameOf(path), version, integrity };
  });
}
