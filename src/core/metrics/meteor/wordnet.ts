import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** WordNet parts of speech in NLTK's POS_LIST order: the order wordnet.synsets(word) visits them. */
export const WORDNET_POS = ['n', 'v', 'a', 'r'] as const;
export type WordNetPos = (typeof WORDNET_POS)[number];

export interface SynsetRef {
  readonly pos: WordNetPos;
  /** Position of the synset in its data file. */
  readonly id: number;
}

const FORMAT = 'eval-adjudicator-wordnet 1';

// NLTK's WordNetCorpusReader.MORPHOLOGICAL_SUBSTITUTIONS (morphy's detachment rules), in order.
const SUBSTITUTIONS: Readonly<Record<WordNetPos, readonly (readonly [string, string])[]>> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['ves', 'f'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

interface PosData {
  /** One line per synset: its lemma names, space-separated. */
  readonly synsets: readonly string[];
  /** '<lemma> <synset id>...' lines sorted by lemma, searched in place (no map to build at load). */
  readonly index: readonly string[];
  readonly exceptions: ReadonlyMap<string, readonly string[]>;
}

/** Compares the lemma that starts `line` (up to its first space) with `lemma`, as JS string comparison does. */
function compareKey(line: string, lemma: string): number {
  const n = lemma.length;
  for (let i = 0; i < n; i++) {
    const a = i < line.length ? line.charCodeAt(i) : -1;
    // The key ended first: it is a proper prefix of lemma, so it sorts before it.
    if (a === 32 || a === -1) return -1;
    const b = lemma.charCodeAt(i);
    if (a !== b) return a - b;
  }
  return line.charCodeAt(n) === 32 ? 0 : 1;
}

/** The synset ids of `lemma` in a sorted index section ('3 17 42'), or undefined. */
function lookup(index: readonly string[], lemma: string): string | undefined {
  let lo = 0;
  let hi = index.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const line = index[mid] ?? '';
    const c = compareKey(line, lemma);
    if (c === 0) return line.slice(lemma.length + 1);
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * WordNet 3.0 as NLTK 3.8's WordNetCorpusReader answers synsets() and morphy(), read from the compact file
 * scripts/build-wordnet.mjs writes.
 */
export class WordNet {
  private readonly byPos: Readonly<Record<WordNetPos, PosData>>;

  constructor(byPos: Readonly<Record<WordNetPos, PosData>>) {
    this.byPos = byPos;
  }

  /** NLTK's `_morphy(form, pos)`: the base forms of `form` that WordNet lists under `pos`. */
  morphy(form: string, pos: WordNetPos): string[] {
    const data = this.byPos[pos];
    const filter = (forms: readonly string[]): string[] => [...new Set(forms.filter((f) => lookup(data.index, f) !== undefined))];
    const exceptional = data.exceptions.get(form);
    if (exceptional !== undefined) return filter([form, ...exceptional]);
    let forms = applyRules(pos, [form]);
    const results = filter([form, ...forms]);
    if (results.length > 0) return results;
    while (forms.length > 0) {
      forms = applyRules(pos, forms);
      const next = filter(forms);
      if (next.length > 0) return next;
    }
    return [];
  }

  /** NLTK's `wordnet.synsets(word)` over all parts of speech, in its order. */
  synsets(word: string): SynsetRef[] {
    const lemma = word.toLowerCase();
    const result: SynsetRef[] = [];
    for (const pos of WORDNET_POS) {
      for (const form of this.morphy(lemma, pos)) {
        const ids = lookup(this.byPos[pos].index, form);
        if (ids === undefined) continue;
        for (const id of ids.split(' ')) result.push({ pos, id: Number(id) });
      }
    }
    return result;
  }

  /** `synset.lemma_names()`: case kept, multiword names joined by '_'. */
  lemmaNames(synset: SynsetRef): string[] {
    const line = this.byPos[synset.pos].synsets[synset.id];
    if (line === undefined) throw new Error(`no WordNet synset ${synset.pos}/${synset.id}`);
    return line.split(' ');
  }
}

/**
 * One application of the detachment rules to every form. Duplicates are dropped (first kept): NLTK keeps
 * them, but a form's later copies can only add results that its first copy already added, and without this
 * a crafted word can make the number of forms grow exponentially.
 */
function applyRules(pos: WordNetPos, forms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const form of forms) {
    for (const [old, replacement] of SUBSTITUTIONS[pos]) {
      if (form.endsWith(old)) out.add(form.slice(0, form.length - old.length) + replacement);
    }
  }
  return [...out];
}

/** Parses the compact file (see scripts/build-wordnet.mjs for its layout). */
export function parseWordNet(text: string): WordNet {
  const lines = text.split('\n');
  let at = 0;
  const next = (): string => {
    const line = lines[at++];
    if (line === undefined) throw new Error('WordNet data file is truncated');
    return line;
  };
  const header = (kind: string, pos: WordNetPos): number => {
    const [k, p, count] = next().split(' ');
    const n = Number(count);
    if (k !== kind || p !== pos || !Number.isInteger(n)) throw new Error(`WordNet data file: expected ${kind} ${pos}`);
    return n;
  };
  if (next() !== FORMAT) throw new Error(`WordNet data file is not in format '${FORMAT}' (rebuild it)`);
  next(); // source

  const synsets = {} as Record<WordNetPos, string[]>;
  for (const pos of WORDNET_POS) {
    const count = header('synsets', pos);
    synsets[pos] = lines.slice(at, at + count);
    at += count;
  }
  const index = {} as Record<WordNetPos, string[]>;
  for (const pos of WORDNET_POS) {
    const count = header('index', pos);
    index[pos] = lines.slice(at, at + count);
    at += count;
  }
  const byPos = {} as Record<WordNetPos, PosData>;
  for (const pos of WORDNET_POS) {
    const exceptions = new Map<string, readonly string[]>();
    for (let n = header('exceptions', pos); n > 0; n--) {
      const [form, ...bases] = next().split(' ');
      if (form !== undefined) exceptions.set(form, bases);
    }
    byPos[pos] = { synsets: synsets[pos], index: index[pos], exceptions };
  }
  return new WordNet(byPos);
}

/**
 * Where the build puts the data: next to the bundle (dist/); when running from the sources (tests), the
 * project's dist/. EVAL_ADJUDICATOR_WORDNET overrides both.
 */
export function defaultWordNetPath(): string {
  const override = process.env['EVAL_ADJUDICATOR_WORDNET'];
  if (override !== undefined && override !== '') return override;
  const besideBundle = join(__dirname, 'wordnet.bin');
  const fromSources = join(__dirname, '..', '..', '..', '..', 'dist', 'wordnet.bin');
  return existsSync(besideBundle) || !existsSync(fromSources) ? besideBundle : fromSources;
}

/** Reads and parses the compact WordNet file (gzip). Never fetches anything. */
export function loadWordNet(path: string = defaultWordNetPath()): WordNet {
  let gz: Buffer;
  try {
    gz = readFileSync(path);
  } catch (e) {
    throw new Error(`WordNet data for METEOR not found at ${path} (built by scripts/build-wordnet.mjs)`, { cause: e });
  }
  return parseWordNet(gunzipSync(gz).toString('utf8'));
}
