import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import * as z from 'zod';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { type ResolveOptions } from '../../data/resolveSourceFile';
import { InputError, UserError, errorMessage } from '../../util/errors';
import { sha256Hex } from '../../util/hash';
import { JsonlAppender } from '../../util/jsonlAppender';
import { parseAt } from '../../util/zodIssues';
import { type ResultLine } from '../../runs/resultLine';
import { type RunManifest, RUN_FORMAT_VERSION } from '../../runs/runManifest';
import { createRunFolder, type RunPaths, writeManifest } from '../../runs/runFolder';
import { TOOL_VERSION } from '../../version';
import { type YokaiEvalItem } from './dataset';
import { yokaiItemHash } from './evaluateItem';
import { API_RUN_INSTRUCTION, DATASET_INSTRUCTION, type Wording, renderQuestionPrompt } from './questionPrompt';
import { loadYokaiEvalSources } from './sources';

const OfficialResultSchema = z.object({
  question: z.object({
    question: z.string(),
    choices: z.array(z.string()),
    answer: z.string(),
    yokai: z.object({ name: z.string(), detail: z.string() }).optional(),
  }),
  question_prompt: z.string(),
  response: z.string(),
  judge: z.boolean().nullable(),
});

/** Question text with the API runs' wording read as the dataset's, plus the choices in order. */
function matchKey(question: string, choices: readonly string[]): string {
  return JSON.stringify([question.replace(API_RUN_INSTRUCTION, DATASET_INSTRUCTION), ...choices]);
}

export interface ImportOutcome {
  readonly paths: RunPaths;
  readonly imported: number;
  readonly missing: readonly string[];
}

/**
 * Turns an official results file (results/*.json of the YokaiEval repository) into a run folder. Records
 * are matched to dataset items by question text (both wordings read as one) and choices in order, never by
 * position; dataset items absent from the file count as missing, so the denominator stays the dataset's.
 */
export async function importOfficialYokaiEval(
  file: string,
  outDir: string,
  sources: ResolveOptions,
  modelName?: string,
): Promise<ImportOutcome> {
  const bytes = readFileSync(file);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new InputError({ file }, `not valid JSON (${errorMessage(error)})`);
  }
  if (!Array.isArray(json)) throw new InputError({ file }, 'expected a JSON array of results');
  const { items, files, judgeTemplate } = await loadYokaiEvalSources(sources);
  const byKey = new Map<string, YokaiEvalItem>(items.map((item) => [matchKey(item.record.question, item.record.choices), item]));

  const matched = new Map<string, { record: z.infer<typeof OfficialResultSchema>; index: number }>();
  json.forEach((value: unknown, index) => {
    const record = parseAt(OfficialResultSchema, value, { file, record: index });
    const item = byKey.get(matchKey(record.question.question, record.question.choices));
    if (item === undefined)
      throw new InputError({ file, record: index, field: 'question' }, 'matches no YokaiEval item (question text and choices)');
    const earlier = matched.get(item.id);
    if (earlier !== undefined) throw new InputError({ file, record: index }, `is the same item (${item.id}) as record ${earlier.index}`);
    matched.set(item.id, { record, index });
  });

  const name = modelName ?? basename(file).replace(/\.json$/i, '');
  const wordings = new Set<Wording>();
  const lines: ResultLine[] = [];
  for (const item of items) {
    const found = matched.get(item.id);
    if (found === undefined) continue;
    const { record } = found;
    const wording: Wording = record.question.question.includes(API_RUN_INSTRUCTION) ? 'official-results' : 'dataset';
    wordings.add(wording);
    if (record.question_prompt !== renderQuestionPrompt(item.record, wording)) {
      throw new InputError(
        { file, record: found.index, field: 'question_prompt' },
        'differs from the official question prompt of its item',
      );
    }
    lines.push({
      itemId: item.id,
      itemHash: yokaiItemHash(item),
      time: new Date().toISOString(),
      inputs: item.record,
      prompt: { messages: [{ role: 'user', content: record.question_prompt }] },
      judgePrompt: null,
      response: record.response,
      judgeReply: null,
      verdict: record.judge,
      scores: { correct: record.judge === true ? 1 : 0 },
      usage: null,
      latencyMs: null,
      error: null,
    });
  }
  if (wordings.size > 1) throw new UserError(`${file}: mixes the dataset's wording and the API runs' wording`);

  const ids = items.map((item) => item.id);
  const now = new Date().toISOString();
  const manifest: RunManifest = {
    formatVersion: RUN_FORMAT_VERSION,
    id: `yokaieval-official-${name}`,
    benchmark: 'yokaieval',
    task: 'judge',
    status: 'imported',
    dataset: {
      name: YOKAIEVAL_MANIFEST.title,
      repository: YOKAIEVAL_MANIFEST.repository,
      commit: YOKAIEVAL_MANIFEST.commit,
      files: files.map((f) => ({ key: f.key, path: f.file.path, sha256: f.sha256, license: f.file.license, origin: f.origin })),
      datasetItems: items.length,
      itemIds: ids,
    },
    model: null,
    judge: null,
    importedModel: name,
    settings: {
      wording: [...wordings][0] ?? 'dataset',
      judgeTemplateSha256: sha256Hex(judgeTemplate),
      source: `official results of ${YOKAIEVAL_MANIFEST.repository}: verdicts as published, raw judge replies not included`,
    },
    options: { concurrency: 1, cache: false, limit: null },
    toolVersion: TOOL_VERSION,
    startedAt: now,
    finishedAt: now,
    counts: { items: ids.length, done: lines.length, error: 0, missing: ids.length - lines.length },
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
    importedFrom: { file: basename(file), sha256: sha256Hex(bytes) },
  };
  const paths = createRunFolder(outDir, { ...manifest, status: 'running' });
  const { appender } = JsonlAppender.open(paths.results);
  for (const line of lines) appender.append(line);
  await appender.close();
  writeManifest(paths, manifest);
  return { paths, imported: lines.length, missing: ids.filter((id) => !matched.has(id)) };
}
