import { closeSync, copyFileSync, fsyncSync, mkdirSync, openSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { type RunManifest, RUN_FORMAT_VERSION } from '../runs/runManifest';
import { ensureUnionMerge, type RunPaths, runPaths, writeManifest } from '../runs/runFolder';
import { type ItemError, type ResultLine } from '../runs/resultLine';
import { type CriteriaAggregation } from '../scale/criteria';
import { sha256File, sha256Hex } from '../util/hash';
import { TOOL_VERSION } from '../version';
import { pausePoint, writeFolderAtomically } from './atomicFolder';
import { type Grade, type VerdictScale } from '../scale/verdictScale';
import { type ForeignInputs } from './foreignInputs';

/** The folder of a run folder that keeps a copy of the imported log (the write-back starts from it). */
export const SOURCE_FOLDER = 'source';

export interface SourceFile {
  /** The file as the user named it (only its name is recorded). */
  readonly path: string;
  /** Its bytes when they were read whole; else the file is copied from `path` (a log can be larger than memory). */
  readonly bytes?: Uint8Array;
  /** What the file is in the import ('log', 'samples', 'results'). */
  readonly role: string;
}

/** An evaluation log read and mapped: everything the run folder records of it. */
export interface ForeignImport {
  /** The registered id of the log's format (run.json `benchmark`). */
  readonly formatId: string;
  readonly framework: { readonly name: string; readonly version: string | null };
  readonly task: string;
  readonly models: readonly string[];
  readonly scorers: readonly string[];
  readonly verdictScore: string | null;
  /** The verdict score's scale when it is graded (run.json `scale`); absent: binary, as every import before scales. */
  readonly scale?: VerdictScale;
  readonly lines: readonly ResultLine[];
  /** The format's own settings (the log's reported figures, its status…). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly sources: readonly SourceFile[];
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  /** How an item's grade follows from its criteria's (logs whose items carry criteria). */
  readonly criteriaAggregation?: CriteriaAggregation;
}

/** The item's identity in the log: its key, epoch and content, not its scores (an edited log keeps it). */
export function foreignItemHash(inputs: ForeignInputs): string {
  // The keys are in one fixed order at every level (the turns and choices are built so), so plain JSON is canonical.
  const turns = inputs.conversation.map((t) => ({ role: t.role, text: t.text }));
  const choices = inputs.choices?.map((c) => ({ label: c.label, target: c.target, text: c.text })) ?? null;
  return sha256Hex(JSON.stringify({ choices, conversation: turns, epoch: inputs.epoch, sampleId: inputs.sampleId, target: inputs.target }));
}

/** The key of an item in the run: the sample's id, and its epoch where the framework has epochs. */
export function foreignItemId(sampleId: string, epoch: number | null): string {
  return epoch === null ? sampleId : `${sampleId}#${epoch}`;
}

export interface ForeignLineParts {
  readonly response: string | null;
  readonly verdict: boolean | null;
  /** A graded run's automatic grade (its verdict then null); absent on a binary run. */
  readonly grade?: Grade;
  readonly error: ItemError | null;
  readonly time: string;
}

export function foreignLine(inputs: ForeignInputs, parts: ForeignLineParts): ResultLine {
  return {
    itemId: foreignItemId(inputs.sampleId, inputs.epoch),
    itemHash: foreignItemHash(inputs),
    time: parts.time,
    inputs,
    prompt: null,
    judgePrompt: null,
    response: parts.response,
    judgeReply: null,
    verdict: parts.verdict,
    ...(parts.grade === undefined ? {} : { grade: parts.grade }),
    scores: Object.fromEntries(inputs.scores.map((s) => [s.name, s.value])),
    usage: null,
    latencyMs: null,
    error: parts.error,
  };
}

function writeSynced(path: string, text: string): void {
  const descriptor = openSync(path, 'w');
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Copies each source into the folder's source/ (fsynced) and returns its size and the sha256 of the copy. */
function copySources(dir: string, sources: readonly SourceFile[]): { size: number; sha256: string }[] {
  mkdirSync(join(dir, SOURCE_FOLDER), { recursive: true });
  return sources.map((source) => {
    const copy = join(dir, SOURCE_FOLDER, basename(source.path));
    if (source.bytes === undefined) copyFileSync(source.path, copy);
    else writeFileSync(copy, source.bytes);
    const descriptor = openSync(copy, 'r');
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    return { size: statSync(copy).size, sha256: source.bytes === undefined ? sha256File(copy) : sha256Hex(source.bytes) };
  });
}

function manifestOf(dir: string, imported: ForeignImport, copied: readonly { size: number; sha256: string }[]): RunManifest {
  const itemIds = imported.lines.map((line) => line.itemId);
  const now = new Date().toISOString();
  const hashes = copied.map((c) => c.sha256);
  const files = imported.sources.map((s, i) => ({
    key: s.role,
    path: `${SOURCE_FOLDER}/${basename(s.path)}`,
    sha256: hashes[i] ?? '',
    license: 'as the log states',
    origin: 'import' as const,
  }));
  return {
    formatVersion: RUN_FORMAT_VERSION,
    id: basename(dir),
    benchmark: imported.formatId,
    task: imported.task,
    status: 'imported',
    dataset: { name: `${imported.framework.name} log`, repository: '', commit: '', files, datasetItems: itemIds.length, itemIds },
    model: null,
    judge: null,
    importedModel: imported.models.join(', '),
    settings: {
      source: imported.sources.map((s, i) => ({
        role: s.role,
        file: basename(s.path),
        size: copied[i]?.size ?? 0,
        sha256: hashes[i] ?? '',
      })),
      framework: imported.framework,
      task: imported.task,
      models: imported.models,
      scorers: imported.scorers,
      verdictScore: imported.verdictScore,
      ...imported.settings,
    },
    options: { concurrency: 1, cache: false, limit: null },
    toolVersion: TOOL_VERSION,
    startedAt: imported.startedAt ?? now,
    finishedAt: imported.finishedAt ?? now,
    counts: {
      items: itemIds.length,
      done: imported.lines.filter((l) => l.error === null).length,
      error: imported.lines.filter((l) => l.error !== null).length,
      missing: 0,
    },
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
    importedFrom: { file: basename(imported.sources[0]?.path ?? ''), sha256: files[0]?.sha256 ?? '' },
    ...(imported.scale === undefined ? {} : { scale: imported.scale }),
    ...(imported.criteriaAggregation === undefined ? {} : { criteriaAggregation: imported.criteriaAggregation }),
  };
}

/**
 * Writes the run folder of an imported log (a copy of the sources, results.jsonl in the log's order,
 * run.json last) into a temporary folder beside `dir`, renamed to `dir` when whole: an interrupted import
 * never leaves a run at `dir` that other commands would take for whole.
 */
export function writeForeignRun(dir: string, imported: ForeignImport): { paths: RunPaths; notes: string[] } {
  const { notes } = writeFolderAtomically(dir, (temporary) => {
    const paths = runPaths(temporary);
    const copied = copySources(temporary, imported.sources);
    pausePoint('sources');
    writeSynced(paths.results, imported.lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    writeSynced(paths.adjudications, '');
    pausePoint('results');
    writeManifest(paths, manifestOf(dir, imported, copied));
  });
  ensureUnionMerge(dirname(runPaths(dir).dir));
  return { paths: runPaths(dir), notes };
}
