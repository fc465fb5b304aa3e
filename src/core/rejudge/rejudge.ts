import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type LlmJudge } from '../contract/benchmark';
import { type ChatMessage } from '../model/chatClient';
import { type ExecuteOptions, type ExecuteOutcome, runEveryItem } from '../runs/executeRun';
import { type ItemTask } from '../runs/itemRunner';
import { type ClientEnvironment, type ModelSpec, createClient, modelRecord } from '../runs/modelSpec';
import { type ResultLine } from '../runs/resultLine';
import { type RunManifest } from '../runs/runManifest';
import { type RunPreview, type RunSession } from '../runs/runSession';
import { readCurrentResults, runPaths, writeManifest } from '../runs/runFolder';
import { estimateTokens } from '../util/estimateTokens';
import { UserError, errorMessage } from '../util/errors';
import { sha256Hex } from '../util/hash';
import { TOOL_VERSION } from '../version';
import { type SourceRun, sourceRunOf } from '../judgeValidation/sourceRun';
import { askJudge } from '../judgeValidation/askJudge';
import { llmJudgeOf } from './llmJudge';
import { benchmarkBasicsOf } from '../benchmarks/registryBasics';
import { readRunManifest } from '../benchmarks/runRegistry';

/** The judge template a re-judged run used, copied into its folder so the run can be resumed and audited. */
export const JUDGE_TEMPLATE_FILE = 'judge_prompt.txt';

export interface RejudgeEnvironment extends ClientEnvironment {
  readonly judgeKey: string | undefined;
  readonly concurrency: number;
  readonly useCache: boolean;
}

export interface NewRejudge {
  readonly sourceDir: string;
  /** The new run folder (absolute) and its id. */
  readonly dir: string;
  readonly id: string;
  readonly judge: ModelSpec;
  readonly template: string;
  /** Where the template came from, for run.json ("official" or a file name). */
  readonly templateSource: string;
}

/**
 * A new run that judges the source run's responses again with another judge model, parameters or template:
 * same items, same responses, nothing sent to the model. Lines whose model call failed are copied as they
 * are. run.json points at the source (sourceRun) and records the new judge and the template's sha256;
 * the template itself is copied into the folder. Writes nothing until the session is started.
 */
export function prepareRejudge(input: NewRejudge, env: RejudgeEnvironment): RunSession {
  const source = readRunManifest(input.sourceDir);
  checkTemplate(llmJudgeOf(source.benchmark, input.sourceDir, 'replace'), input.template, input.templateSource);
  const resultsPath = runPaths(input.sourceDir).results;
  const sourceRun: SourceRun = {
    id: source.id,
    dir: relativeOrAbsolute(input.dir, input.sourceDir),
    resultsSha256: sha256Hex(readFileSync(resultsPath)),
  };
  const now = new Date().toISOString();
  const items = source.dataset.itemIds.length;
  const manifest: RunManifest = {
    ...source,
    id: input.id,
    status: 'running',
    judge: modelRecord(input.judge),
    settings: {
      ...source.settings,
      judgeTemplateSha256: sha256Hex(input.template),
      judgeTemplateSource: input.templateSource,
      judgeTemplateFile: JUDGE_TEMPLATE_FILE,
    },
    options: { concurrency: env.concurrency, cache: env.useCache, limit: source.options.limit },
    toolVersion: TOOL_VERSION,
    startedAt: now,
    finishedAt: null,
    counts: { items, done: 0, error: 0, missing: items },
    usage: { promptTokens: 0, completionTokens: 0, requests: 0 },
    sourceRun,
  };
  return rejudgeSession(manifest, input.sourceDir, input.judge, input.template, env);
}

/** Creates the re-judged run's folder with its template, then runs every item (see runEveryItem). */
export async function startRejudge(input: NewRejudge, session: RunSession, options: ExecuteOptions): Promise<ExecuteOutcome> {
  if (existsSync(runPaths(input.dir).manifest)) throw new UserError(`${input.dir}: already holds a run; choose another --out or --name`);
  mkdirSync(input.dir, { recursive: true });
  writeFileSync(join(input.dir, JUDGE_TEMPLATE_FILE), input.template);
  return runEveryItem(input.dir, session, options);
}

/**
 * A re-judge is complete when every item that has a result in the source has one here: items missing from
 * the source can never be judged, so they do not leave the run "cancelled".
 */
export function settleRejudge(outcome: ExecuteOutcome, session: RunSession): ExecuteOutcome {
  if (outcome.cancelled || outcome.manifest.status === 'finished') return outcome;
  const done = readCurrentResults(outcome.paths.dir).byItem;
  if ([...session.tasks.keys()].some((id) => !done.has(id))) return outcome;
  const manifest: RunManifest = { ...outcome.manifest, status: 'finished', finishedAt: new Date().toISOString() };
  writeManifest(outcome.paths, manifest);
  return { ...outcome, manifest };
}

/** Reopens a re-judged run to complete it or redo its errors; the source's results must be unchanged. */
export function reopenRejudge(dir: string, judge: ModelSpec, env: RejudgeEnvironment): RunSession {
  const manifest = readRunManifest(dir);
  const file = runPaths(dir).manifest;
  const source = sourceRunOf(manifest, file);
  if (source === undefined) throw new UserError(`${dir}: not a re-judged run (run.json has no sourceRun)`);
  const sourceDir = resolve(dir, source.dir);
  const results = runPaths(sourceDir).results;
  if (!existsSync(results)) throw new UserError(`${file}, field "sourceRun.dir": ${sourceDir} holds no results.jsonl`);
  if (sha256Hex(readFileSync(results)) !== source.resultsSha256) {
    throw new UserError(`${results}: changed since the re-judge began (sourceRun.resultsSha256 differs); start a new re-judge`);
  }
  const templatePath = join(dir, JUDGE_TEMPLATE_FILE);
  if (!existsSync(templatePath)) throw new UserError(`${templatePath}: missing; it holds the judge template of this run`);
  const template = readFileSync(templatePath, 'utf8');
  if (sha256Hex(template) !== manifest.settings['judgeTemplateSha256'])
    throw new UserError(`${templatePath}: its sha256 differs from run.json settings.judgeTemplateSha256`);
  return rejudgeSession(manifest, sourceDir, judge, template, env);
}

function rejudgeSession(manifest: RunManifest, sourceDir: string, spec: ModelSpec, template: string, env: RejudgeEnvironment): RunSession {
  const llmJudge = llmJudgeOf(manifest.benchmark, sourceDir, 'replace');
  const fill = llmJudge.messagesFor(manifest, { manifest: runPaths(sourceDir).manifest, results: runPaths(sourceDir).results });
  const sourceLines = readCurrentResults(sourceDir).byItem;
  const client = createClient(spec, env.judgeKey, env);
  const judge = { client, model: spec.name, params: spec.params, parseVerdict: llmJudge.parseVerdict };
  const messagesOf = (line: ResultLine): ChatMessage[] => fill(line, template);
  const tasks = new Map<string, ItemTask>();
  for (const itemId of manifest.dataset.itemIds) {
    const line = sourceLines.get(itemId);
    if (line === undefined) continue;
    tasks.set(itemId, {
      itemId,
      run: async (signal) => {
        const time = (): string => new Date().toISOString();
        if (line.response === null || line.error?.stage === 'model') return { ...line, time: time() };
        const started = performance.now();
        const messages = messagesOf(line);
        const answer = await askJudge(judge, messages, signal);
        const common = { ...line, time: time(), judgePrompt: { messages }, latencyMs: Math.round(performance.now() - started) };
        if (answer.kind === 'error')
          return { ...common, judgeReply: null, verdict: null, scores: { correct: 0 }, usage: null, cached: false, error: answer.error };
        return {
          ...common,
          judgeReply: answer.reply,
          verdict: answer.verdict,
          scores: { correct: answer.verdict === true ? 1 : 0 },
          usage: answer.usage,
          cached: answer.cached,
          error: null,
        };
      },
    });
  }
  return {
    manifest,
    basics: benchmarkBasicsOf(manifest.benchmark),
    tasks,
    clients: [client],
    updateManifest: (m) => ({ ...m, judge: modelRecord(spec, client) }),
    preview: (shown) => previewRejudge(manifest, sourceLines, messagesOf, spec, shown),
  };
}

function previewRejudge(
  manifest: RunManifest,
  lines: ReadonlyMap<string, ResultLine>,
  messagesOf: (line: ResultLine) => ChatMessage[],
  spec: ModelSpec,
  shown: number,
): RunPreview {
  const judged = manifest.dataset.itemIds
    .map((id) => lines.get(id))
    .filter((l): l is ResultLine => l !== undefined && l.response !== null && l.error?.stage !== 'model');
  const requests = judged.map((line) => ({
    itemId: line.itemId,
    requests: [{ label: 'judge', model: spec.name, messages: messagesOf(line) }],
  }));
  return {
    first: requests.slice(0, shown),
    requestCount: judged.length,
    promptTokenEstimate: requests.reduce((s, r) => s + estimateTokens(r.requests[0]?.messages.map((m) => m.content).join('\n') ?? ''), 0),
    maxCompletionTokens: judged.length * (spec.params.maxTokens ?? 0),
    notes: ['the responses are the source run’s; only the judge is asked'],
  };
}

/** A trial fill, so a template with an unknown placeholder fails before anything is sent. */
function checkTemplate(judge: LlmJudge, template: string, source: string): void {
  try {
    judge.checkTemplate(template);
  } catch (error) {
    throw new UserError(`${source}: ${errorMessage(error)}`);
  }
}

/** path.relative gives the absolute path itself when there is no relative one (another drive). */
function relativeOrAbsolute(from: string, to: string): string {
  return relative(from, to) || '.';
}
