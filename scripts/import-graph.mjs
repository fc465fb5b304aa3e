// Prints, as Markdown, which folder of the sources imports which, read from the import statements themselves,
// and the pairs of folders that import each other. docs/architecture.md's "Imports between folders" is its
// output: `node scripts/import-graph.mjs` after moving code, and paste it there.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOTS = ['src', 'webview', 'webview-stats', 'webview-kit'];
const root = resolve(import.meta.dirname, '..');

/** The folder a file is drawn in: src/core/<area> (a benchmark or a log format: src/core/benchmarks/<id>, src/core/logFormats/<id>), else its top folder. */
export function folderOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src') return parts[0];
  if (parts[1] !== 'core') return parts.length === 2 ? 'src (root files)' : `src/${parts[1]}`;
  if (parts.length === 3) return 'src/core (root files)';
  if ((parts[2] === 'benchmarks' || parts[2] === 'logFormats') && parts.length > 4) return `src/core/${parts[2]}/${parts[3]}`;
  return `src/core/${parts[2]}`;
}

function sourceFiles() {
  return ROOTS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts'))
      .map((d) =>
        relative(root, join(d.parentPath ?? d.path, d.name))
          .split('\\')
          .join('/'),
      ),
  );
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function resolveImport(from, specifier, known) {
  if (!specifier.startsWith('.')) return undefined;
  const base = relative(root, resolve(root, dirname(from), specifier))
    .split('\\')
    .join('/');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (known.has(candidate)) return candidate;
  return undefined;
}

/** Edges between folders: Map "A\u0000B" -> number of import statements of A's files naming a file of B. */
export function folderImports() {
  const files = sourceFiles();
  const known = new Set(files);
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3], known);
      if (target === undefined) continue;
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a === b) continue;
      const key = `${a}\u0000${b}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  return edges;
}

function markdown(edges) {
  const byFolder = new Map();
  for (const [key, count] of edges) {
    const [a, b] = key.split('\u0000');
    if (!byFolder.has(a)) byFolder.set(a, []);
    byFolder.get(a).push(`${b} (${count})`);
  }
  const width = Math.max(...[...byFolder.keys()].map((k) => k.length));
  const lines = [...byFolder.keys()].sort().map((a) => {
    const targets = byFolder.get(a).sort();
    const wrapped = [];
    let line = '';
    for (const t of targets) {
      if (line && line.length + t.length + 2 > 100 - width) {
        wrapped.push(`${line},`);
        line = t;
      } else line = line ? `${line}, ${t}` : t;
    }
    wrapped.push(line);
    return wrapped.map((w, i) => `${(i === 0 ? a : '').padEnd(width)}  ${i === 0 ? '->' : '  '} ${w}`).join('\n');
  });
  const mutual = [...edges.keys()]
    .map((k) => k.split('\u0000'))
    .filter(([a, b]) => a < b && edges.has(`${b}\u0000${a}`))
    .map(([a, b]) => `- \`${a}\` (${edges.get(`${a}\u0000${b}`)}) and \`${b}\` (${edges.get(`${b}\u0000${a}`)})`);
  return [
    'Each folder, then the folders its files import and how many import statements name them (drawn by',
    '`node scripts/import-graph.mjs` from the import statements, type-only imports included; a folder under',
    '`src/core` is one area, each benchmark under `src/core/benchmarks/` and each log format under `src/core/logFormats/` one folder):',
    '',
    '```text',
    ...lines,
    '```',
    '',
    `Pairs of folders that import each other (${mutual.length}; the number is the import statements each way):`,
    '',
    ...(mutual.length > 0 ? mutual : ['- none']),
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.stdout.write(`${markdown(folderImports())}\n`);
