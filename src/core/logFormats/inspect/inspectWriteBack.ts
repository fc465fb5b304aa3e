import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { type RunState } from '../../adjudication/runState';
import { UserError } from '../../util/errors';
import { sha256File } from '../../util/hash';
import { parsePythonJson, stringifyPythonJson } from '../../util/pythonJson';
import { writeZip } from '../../util/zipArchive';
import { TOOL_VERSION } from '../../version';
import { HEADER_ENTRY, type InspectLog, JOURNAL_SUMMARIES_PREFIX, REDUCTIONS_ENTRY, SUMMARIES_ENTRY, readInspectLog } from './inspectLog';
import { recomputeMetrics, reduceScore, reducerOf, resultsEntry } from './inspectResults';
import { valueOfGrade, valueOfVerdict } from './inspectValues';
import { isGraded, scaleOf } from '../../scale/verdictScale';
import { editReason, nullNote } from './editReason';
import { editScore } from './scoreEdit';

export interface WriteBackOutcome {
  readonly edited: number;
  readonly notes: readonly string[];
}

/** The run's copy of its source log, or `--source` (which must be that same file, by sha256). */
function sourceLog(state: RunState, sourceOption: string | undefined): string {
  const record = state.manifest.dataset.files.find((f) => f.key === 'log');
  if (record === undefined)
    throw new UserError(`${state.paths.manifest}: records no source log (dataset.files has no "log"); is this an imported Inspect run?`);
  const path = sourceOption ?? join(state.paths.dir, record.path);
  if (!existsSync(path)) throw new UserError(`${path}: the source log is not there; name a copy of it with --source FILE`);
  const sha256 = sha256File(path);
  if (sha256 !== record.sha256)
    throw new UserError(
      `${path}: is not the log this run was imported from (sha256 ${sha256.slice(0, 12)}…, run.json records ${record.sha256.slice(0, 12)}…)`,
    );
  return path;
}

function provenanceOf(
  state: RunState,
  itemId: string,
): { author: string; timestamp: string; reason: string | null; metadata: Record<string, unknown> } {
  const adjudication = state.adjudication(itemId);
  const by = adjudication?.final?.by ?? adjudication?.finalGrade?.by ?? [];
  const deciders = adjudication?.annotators.filter((a) => !a.stale && by.includes(a.annotator)) ?? [];
  const times = deciders.map((a) => a.time).sort();
  return {
    timestamp: times[times.length - 1] ?? new Date().toISOString(),
    author: by.join(', '),
    reason: editReason(state, itemId),
    metadata: {
      flags: adjudication?.flags ?? [],
      decidedBy: adjudication?.final?.source ?? adjudication?.finalGrade?.source ?? null,
      tool: 'eval-adjudicator',
      toolVersion: TOOL_VERSION,
    },
  };
}

/**
 * The value a final human decision writes, in the kind of value the score has: a verdict as valueOfVerdict
 * gives it; on a graded run the final grade as valueOfGrade gives it. null: a final "can't tell" (no value).
 */
function decidedValue(state: RunState, itemId: string, original: unknown): unknown {
  const adjudication = state.adjudication(itemId);
  if (isGraded(scaleOf(state.manifest))) {
    const grade = adjudication?.finalGrade;
    return grade === undefined || grade === null
      ? undefined
      : grade.grade === null
        ? null
        : valueOfGrade(grade.grade, original, scaleOf(state.manifest));
  }
  const final = adjudication?.final;
  return final === undefined || final === null ? undefined : final.verdict === null ? null : valueOfVerdict(final.verdict, original);
}

/** Edits the verdict score of every sample with a final human verdict (true or false) or grade; returns the edited scores. */
function applyEdits(state: RunState, log: InspectLog, scoreName: string, notes: string[]): Map<string, Record<string, unknown>> {
  const edited = new Map<string, Record<string, unknown>>();
  const byItem = new Map(log.samples.map((s) => [`${String(s.sample.id)}#${s.sample.epoch}`, s]));
  let undecidable = 0;
  const notedNulls: string[] = [];
  let withoutScore = 0;
  for (const itemId of state.manifest.dataset.itemIds) {
    const read = byItem.get(itemId);
    const score = (read?.raw['scores'] as Record<string, { value: unknown }> | null | undefined)?.[scoreName];
    const value = decidedValue(state, itemId, score?.value);
    if (value === undefined) continue;
    if (value === null) {
      undecidable += 1;
      const note = nullNote(state, itemId);
      if (note !== '') notedNulls.push(`${itemId} ("${note.replace(/\s+/g, ' ').slice(0, 200)}")`);
      continue;
    }
    if (read === undefined) throw new UserError(`the source log has no sample ${itemId}: it is not the log this run was imported from`);
    if (score === undefined) {
      withoutScore += 1;
      continue;
    }
    edited.set(itemId, editScore(read.raw, scoreName, value, provenanceOf(state, itemId)));
    read.sample.scores = { ...read.sample.scores, [scoreName]: { ...score, value } };
  }
  if (undecidable > 0) notes.push(`${undecidable} samples with a final "can't tell" (null) left as they were: Inspect has no value for it`);
  if (notedNulls.length > 0)
    notes.push(
      `"can't tell" (null) with a note, left out for that reason (the note is kept only in adjudications.jsonl): ${notedNulls.join(', ')}`,
    );
  if (withoutScore > 0)
    notes.push(`${withoutScore} decided samples have no ${scoreName} score (errored samples) and were left as they were`);
  return edited;
}

/** results.scores[] of the verdict score and its reductions recomputed from the edited samples. */
function recompute(log: InspectLog, document: Record<string, unknown>, scoreName: string, notes: string[]): unknown[] | undefined {
  const entry = resultsEntry(log, scoreName);
  const reducer = reducerOf(log, entry);
  const reduced = reduceScore(
    log.samples.map((s) => s.sample),
    scoreName,
    reducer,
  );
  if (reduced === null) {
    notes.push(`metrics of ${scoreName} not recomputed: the ${reducer} reducer over several epochs is not reproduced (only mean)`);
    return undefined;
  }
  const results = document['results'] as { scores?: Record<string, unknown>[] } | null | undefined;
  if (entry === undefined) {
    notes.push(`the log's results have no entry for ${scoreName}: no metrics to recompute`);
    return [...reduced.reduced.entries()];
  }
  for (const raw of results?.scores ?? []) {
    if (raw['name'] !== entry.name || (raw['reducer'] ?? null) !== (entry.reducer ?? null)) continue;
    const { values, notRecomputed } = recomputeMetrics(entry, reduced.values);
    const metrics = raw['metrics'] as Record<string, { value: unknown }>;
    for (const [key, value] of Object.entries(values)) if (metrics[key] !== undefined) metrics[key].value = value;
    if (notRecomputed.length > 0)
      notes.push(`metrics ${notRecomputed.join(', ')} of ${scoreName} left as they were: not built-in ones this tool reproduces`);
    if (raw['scored_samples'] !== undefined) raw['scored_samples'] = reduced.values.length;
    if (raw['unscored_samples'] !== undefined) raw['unscored_samples'] = reduced.unscored;
  }
  return [...reduced.reduced.entries()];
}

function editReductions(reductions: unknown, scoreName: string, reduced: unknown[]): void {
  if (!Array.isArray(reductions)) return;
  const byId = new Map(reduced as [string, number][]);
  for (const reduction of reductions as { scorer?: unknown; samples?: { sample_id?: unknown; value?: unknown }[] }[]) {
    if (reduction.scorer !== scoreName) continue;
    for (const sample of reduction.samples ?? []) {
      const value = byId.get(String(sample.sample_id));
      if (value !== undefined) sample.value = value;
    }
  }
}

function editSummaries(summaries: unknown, scoreName: string, edited: ReadonlyMap<string, Record<string, unknown>>): boolean {
  if (!Array.isArray(summaries)) return false;
  let changed = false;
  for (const summary of summaries as { id?: unknown; epoch?: unknown; scores?: Record<string, unknown> | null }[]) {
    const score = edited.get(`${String(summary.id)}#${String(summary.epoch)}`);
    if (score !== undefined && summary.scores?.[scoreName] !== undefined) {
      summary.scores[scoreName] = score;
      changed = true;
    }
  }
  return changed;
}

const encode = (value: unknown): Uint8Array => Buffer.from(stringifyPythonJson(value), 'utf8');
const decode = (data: Uint8Array): unknown => parsePythonJson(Buffer.from(data).toString('utf8'));

/** The written log's proposed name: the source's, marked adjudicated, in the source's container. */
export function suggestInspectWriteBack(state: RunState): { name: string; extensions: string[] } {
  const record = state.manifest.dataset.files.find((f) => f.key === 'log');
  const source = basename(record?.path ?? 'log.eval');
  const extension = extname(source).toLowerCase() === '.json' ? '.json' : '.eval';
  return { name: `${source.slice(0, source.length - extname(source).length)}.adjudicated${extension}`, extensions: [extension.slice(1)] };
}

/**
 * `export DIR --format inspect --out NEW`: a copy of the source log, in the same container, with each
 * adjudicated sample's verdict score edited as edit_score does and that score's metrics recomputed as
 * Inspect computes them. The source is never written.
 */
export function writeBackInspect(state: RunState, out: string, sourceOption?: string): WriteBackOutcome {
  const source = sourceLog(state, sourceOption);
  const scoreName = state.manifest.settings['verdictScore'];
  if (typeof scoreName !== 'string')
    throw new UserError(`${state.paths.manifest}: the run has no verdict score (the log had no scores): nothing to write back`);
  const log = readInspectLog(source);
  const wanted = log.container === 'eval' ? '.eval' : '.json';
  if (extname(out).toLowerCase() !== wanted)
    throw new UserError(`${out}: the source is an ${wanted} log, so the written log is one too: name it …${wanted}`);
  if (resolve(out) === resolve(source)) throw new UserError(`${out}: is the source log, which is never changed; name a new file`);
  const notes: string[] = [];
  const edited = applyEdits(state, log, scoreName, notes);
  const document = log.rawHeader;
  const reduced = recompute(log, document, scoreName, notes);
  let bytes: Uint8Array;
  if (log.container === 'json') {
    if (reduced !== undefined)
      editReductions(
        document['reductions'] ?? (document['results'] as Record<string, unknown> | null)?.['sample_reductions'],
        scoreName,
        reduced,
      );
    bytes = Buffer.from(stringifyPythonJson(document, 2), 'utf8');
  } else {
    const changedSamples = new Map(
      log.samples.filter((s) => edited.has(`${String(s.sample.id)}#${s.sample.epoch}`)).map((s) => [s.at, s.raw]),
    );
    const entries = log.entries.map((entry) => {
      const sample = changedSamples.get(entry.name);
      if (sample !== undefined) return { name: entry.name, data: encode(sample) };
      if (entry.name === HEADER_ENTRY) return { name: entry.name, data: encode(document) };
      if (entry.name === REDUCTIONS_ENTRY && reduced !== undefined) {
        const reductions = decode(entry.data);
        editReductions(reductions, scoreName, reduced);
        return { name: entry.name, data: encode(reductions) };
      }
      if (entry.name === SUMMARIES_ENTRY || entry.name.startsWith(JOURNAL_SUMMARIES_PREFIX)) {
        const summaries = decode(entry.data);
        if (editSummaries(summaries, scoreName, edited)) return { name: entry.name, data: encode(summaries) };
      }
      return entry;
    });
    bytes = writeZip(entries);
  }
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, out);
  return { edited: edited.size, notes };
}
