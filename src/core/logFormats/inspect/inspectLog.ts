import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import * as z from 'zod';
import { InputError, UserError } from '../../util/errors';
import { parsePythonJson } from '../../util/pythonJson';
import { type ZipEntry } from '../../util/zipArchive';
import { withZip } from '../../util/zipDirectory';
import { parseAt } from '../../util/zodIssues';

/** The log schema versions this reads (Inspect's LOG_SCHEMA_VERSION is 2; version 1 logs read the same). */
export const KNOWN_LOG_VERSIONS = [1, 2] as const;

export const HEADER_ENTRY = 'header.json';
export const START_ENTRY = '_journal/start.json';
export const REDUCTIONS_ENTRY = 'reductions.json';
export const SUMMARIES_ENTRY = 'summaries.json';
export const JOURNAL_SUMMARIES_PREFIX = '_journal/summaries/';
export const SAMPLES_PREFIX = 'samples/';

const ScoreSchema = z.looseObject({
  value: z.unknown(),
  answer: z.string().nullable().optional(),
  explanation: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  history: z
    .array(
      z.looseObject({
        value: z.unknown(),
        provenance: z
          .looseObject({ author: z.string(), reason: z.string().nullable().optional(), timestamp: z.string().optional() })
          .nullable()
          .optional(),
      }),
    )
    .optional(),
});
export type InspectScore = z.infer<typeof ScoreSchema>;

const ContentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]);
export const InspectMessageSchema = z.looseObject({ role: z.string(), content: ContentSchema });
export type InspectMessage = z.infer<typeof InspectMessageSchema>;

export const InspectSampleSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  epoch: z.number().int(),
  input: z.union([z.string(), z.array(InspectMessageSchema)]),
  choices: z.array(z.string()).nullable().optional(),
  target: z.union([z.string(), z.array(z.string())]),
  messages: z.array(InspectMessageSchema).optional(),
  output: z
    .looseObject({ completion: z.string().optional(), choices: z.array(z.looseObject({ message: InspectMessageSchema })).optional() })
    .nullable()
    .optional(),
  scores: z.record(z.string(), ScoreSchema).nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  error: z.looseObject({ message: z.string() }).nullable().optional(),
  attachments: z.record(z.string(), z.string()).optional(),
  completed_at: z.string().optional(),
});
export type InspectSample = z.infer<typeof InspectSampleSchema>;

const MetricSchema = z.looseObject({ name: z.string(), value: z.unknown() });
export const EvalScoreSchema = z.looseObject({
  name: z.string(),
  scorer: z.string(),
  reducer: z.string().nullable().optional(),
  metrics: z.record(z.string(), MetricSchema),
});
export type EvalScore = z.infer<typeof EvalScoreSchema>;

export const EvalSpecSchema = z.looseObject({
  task: z.string(),
  model: z.string(),
  created: z.string().optional(),
  packages: z.record(z.string(), z.string()).optional(),
  dataset: z
    .looseObject({
      samples: z.number().int().nullable().optional(),
      sample_ids: z
        .array(z.union([z.string(), z.number()]))
        .nullable()
        .optional(),
    })
    .optional(),
  config: z.looseObject({ epochs: z.number().int().nullable().optional(), limit: z.unknown().optional() }).optional(),
  scorers: z
    .array(z.looseObject({ name: z.string(), metrics: z.unknown().optional() }))
    .nullable()
    .optional(),
});

export const LogHeaderSchema = z.looseObject({
  version: z.number().int(),
  status: z.enum(['started', 'success', 'cancelled', 'error']).optional(),
  eval: EvalSpecSchema,
  results: z
    .looseObject({
      total_samples: z.number().int().optional(),
      completed_samples: z.number().int().optional(),
      scores: z.array(EvalScoreSchema),
    })
    .nullable()
    .optional(),
  stats: z.looseObject({ started_at: z.string().optional(), completed_at: z.string().optional() }).optional(),
});
export type LogHeader = z.infer<typeof LogHeaderSchema>;

/** One sample as read: parsed, and the raw JSON object (the write-back edits that one). */
export interface ReadSample {
  readonly sample: InspectSample;
  readonly raw: Record<string, unknown>;
  /** The zip member it came from (.eval), or its index in `samples` (.json). */
  readonly at: string;
}

export interface InspectLog {
  readonly container: 'eval' | 'json';
  readonly header: LogHeader;
  /** The raw header JSON (the .json log's whole document, without its samples), for the write-back. */
  readonly rawHeader: Record<string, unknown>;
  /** In the order Inspect reads them: by epoch, then id (numbers zero-filled to 20 digits). */
  readonly samples: readonly ReadSample[];
  /** Every member of an .eval with its data, in the archive's order, for the write-back (none for .json, or read for an import). */
  readonly entries: readonly ZipEntry[];
}

function jsonOf(bytes: Uint8Array, file: string, entry: string): unknown {
  try {
    return parsePythonJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    throw new InputError({ file, field: entry }, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

function checkVersion(header: unknown, file: string): void {
  const version = (header as { version?: unknown } | null)?.version;
  if (version === undefined || header === null || typeof header !== 'object' || Array.isArray(header)) {
    throw new UserError(`${file}: not an Inspect log: no \`version\` field (an Inspect log's header has one); is it the right file?`);
  }
  if (typeof version !== 'number' || !(KNOWN_LOG_VERSIONS as readonly number[]).includes(version)) {
    throw new UserError(
      `${file}: Inspect log schema version ${JSON.stringify(version)} is not one this tool reads (${KNOWN_LOG_VERSIONS.join(', ')}); convert it with a current Inspect (\`inspect log convert\`) or update eval-adjudicator`,
    );
  }
}

/** A version 1 log's results ({scorer, metrics}) in version 2's shape ({scores: [...]}), as Inspect reads them. */
function normalized(header: unknown): unknown {
  const h = header as { results?: { scorer?: { name?: unknown }; metrics?: unknown; scores?: unknown } | null };
  const results = h.results;
  if (results === undefined || results === null || results.scores !== undefined || typeof results.scorer?.name !== 'string') return header;
  return {
    ...h,
    results: { ...results, scores: [{ name: results.scorer.name, scorer: results.scorer.name, metrics: results.metrics ?? {} }] },
  };
}

export function sortKey(sample: Pick<InspectSample, 'id' | 'epoch'>): string {
  const id = typeof sample.id === 'string' ? sample.id : String(sample.id).padStart(20, '0');
  return `${String(sample.epoch).padStart(12, '0')}\u0000${id}`;
}

function sorted(samples: ReadSample[]): ReadSample[] {
  const keyed = samples.map((s) => ({ s, key: sortKey(s.sample) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.s);
}

/** What a reader keeps of each sample: all of it (the write-back edits it), or what an import shows (no events). */
export type SampleKeep = 'all' | 'shown';

function readSample(value: unknown, file: string, at: string, keep: SampleKeep): ReadSample {
  // An import never shows the events nor their pooled data (0.3.206's condensed `events_data`), most of a
  // sample's bytes: dropped at once, they are never kept alive. The write-back keeps both as they were.
  if (keep === 'shown' && value !== null && typeof value === 'object') {
    delete (value as Record<string, unknown>)['events'];
    delete (value as Record<string, unknown>)['events_data'];
  }
  const sample = parseAt(InspectSampleSchema, value, { file: `${file} (${at})` });
  // Only the write-back edits the raw JSON; an import keeps the checked copy alone (half the memory to collect).
  return { sample, raw: keep === 'all' ? (value as Record<string, unknown>) : sample, at };
}

function readEval(file: string, keep: SampleKeep): InspectLog {
  return withZip(file, (members) => {
    const byName = new Map(members.map((m) => [m.name, m]));
    const headerMember = byName.get(HEADER_ENTRY) ?? byName.get(START_ENTRY);
    if (headerMember === undefined)
      throw new UserError(`${file}: holds neither ${HEADER_ENTRY} nor ${START_ENTRY}: not an Inspect .eval log`);
    const rawHeader = jsonOf(headerMember.read(), file, headerMember.name);
    checkVersion(rawHeader, file);
    const header = parseAt(LogHeaderSchema, normalized(rawHeader), { file: `${file} (${headerMember.name})` });
    const started = headerMember.name === START_ENTRY;
    // The write-back copies every member: all are decoded and kept. An import decodes one sample at a time and keeps only what it parsed.
    const entries: ZipEntry[] = keep === 'all' ? members.map((m) => ({ name: m.name, data: m.read() })) : [];
    const dataOf = new Map(entries.map((e) => [e.name, e.data]));
    const samples = members
      .filter((m) => m.name.startsWith(SAMPLES_PREFIX) && m.name.endsWith('.json'))
      .map((m) => readSample(jsonOf(dataOf.get(m.name) ?? m.read(), file, m.name), file, m.name, keep));
    return {
      container: 'eval',
      header: started ? { ...header, status: 'started' } : header,
      rawHeader: rawHeader as Record<string, unknown>,
      samples: sorted(samples),
      entries,
    };
  });
}

function readJson(file: string, keep: SampleKeep): InspectLog {
  const document = jsonOf(readFileSync(file), file, '');
  checkVersion(document, file);
  const header = parseAt(LogHeaderSchema, normalized(document), { file });
  const rawSamples = (document as { samples?: unknown }).samples ?? [];
  if (!Array.isArray(rawSamples)) throw new InputError({ file, field: 'samples' }, 'expected an array of samples');
  const samples = rawSamples.map((value: unknown, index) => readSample(value, file, `samples[${index}]`, keep));
  return { container: 'json', header, rawHeader: document as Record<string, unknown>, samples: sorted(samples), entries: [] };
}

function startsAsZip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x50 && magic[1] === 0x4b;
  } finally {
    closeSync(fd);
  }
}

/** Reads an Inspect log, .eval (a zip, read member by member from the file) or .json, by its content: a zip's first bytes are "PK". */
export function readInspectLog(file: string, keep: SampleKeep = 'all'): InspectLog {
  return /\.eval$/i.test(file) || startsAsZip(file) ? readEval(file, keep) : readJson(file, keep);
}
