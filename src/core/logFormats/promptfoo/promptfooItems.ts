import * as z from 'zod';
import { type ForeignInputs, type ForeignScore, type Turn } from '../foreignInputs';
import { type ForeignImport, type SourceFile, foreignLine } from '../foreignRunFolder';
import { UserError } from '../../util/errors';
import { PROMPTFOO_BASICS } from './basics';
import { type PromptfooFile, type PromptfooResult } from './promptfooResults';
import { RESULT_SCORE, meanScoreFigure, promptfooScaleOf, resultScore } from './promptfooScore';

/** promptfoo's ResultFailureReason: 2 is an error (the provider failed), not a failed assertion. */
const FAILURE_ERROR = 2;
export const PASS_SCORE = 'pass';

const ChatSchema = z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1);

/** The prompt as sent: a chat prompt (a JSON array of messages) as its turns, any other text as one user turn. */
function conversationOf(raw: string): Turn[] {
  if (raw.trimStart().startsWith('[')) {
    try {
      const chat = ChatSchema.safeParse(JSON.parse(raw));
      if (chat.success)
        return chat.data.map((m) => ({ role: m.role, text: typeof m.content === 'string' ? m.content : JSON.stringify(m.content) }));
    } catch {
      // not JSON: the text as it is
    }
  }
  return [{ role: 'user', text: raw }];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The overall pass first (the default verdict), then each assertion's component, then named scores. */
function scoresOf(result: PromptfooResult): ForeignScore[] {
  const grading = result.gradingResult ?? null;
  const overall: ForeignScore = {
    name: PASS_SCORE,
    value: result.success,
    answer: null,
    explanation: grading?.reason ?? result.error ?? null,
    metadata: { score: result.score, ...(result.failureReason === undefined ? {} : { failureReason: result.failureReason }) },
  };
  const components = (grading?.componentResults ?? []).map((c, i): ForeignScore => ({
    name: `${i + 1}. ${c.assertion?.type ?? 'assertion'}`,
    value: c.pass,
    answer: null,
    explanation: c.reason ?? null,
    metadata: { score: c.score, ...(c.assertion?.value === undefined ? {} : { assertion: text(c.assertion.value) }) },
  }));
  const named = Object.entries(result.namedScores ?? {}).map(([name, value]): ForeignScore => ({
    name,
    value,
    answer: null,
    explanation: null,
    metadata: null,
  }));
  return [overall, ...components, ...named];
}

function verdictOf(score: ForeignScore | undefined): boolean | null {
  if (score === undefined) return null;
  if (typeof score.value === 'boolean') return score.value;
  return score.value === 1 ? true : score.value === 0 ? false : null;
}

export function promptfooImport(
  parsed: { file: PromptfooFile; results: PromptfooResult[] },
  source: SourceFile,
  options: { readonly score?: string },
): { imported: ForeignImport; notes: string[] } {
  const names: string[] = [];
  const seen = new Map<string, number>();
  const counts = { partial: 0, error: 0, unscored: 0, numeric: 0, withoutScore: 0 };
  const rows = parsed.results.map((result, index) => {
    const sampleId = `${result.testIdx}/${result.promptIdx}`;
    const earlier = seen.get(sampleId);
    if (earlier !== undefined)
      throw new UserError(
        `${source.path}: results[${index}] is test ${result.testIdx} of prompt ${result.promptIdx} again (as results[${earlier}])`,
      );
    seen.set(sampleId, index);
    const scores = scoresOf(result);
    for (const s of scores) if (!names.includes(s.name)) names.push(s.name);
    return { result, index, sampleId, scores };
  });
  names.push(RESULT_SCORE);
  const verdictScore = options.score ?? PASS_SCORE;
  if (!names.includes(verdictScore))
    throw new UserError(`${source.path}: has no score "${verdictScore}" (its scores: ${names.join(', ')}); name one of them with --score`);
  // The result's own score is listed only when it gives the verdict (the pass score's metadata shows it otherwise).
  if (verdictScore === RESULT_SCORE) for (const row of rows) row.scores.push(resultScore(row.result));
  const graded = promptfooScaleOf(
    rows.map((r) => r.scores.find((s) => s.name === verdictScore)?.value),
    verdictScore === RESULT_SCORE ? rows.map((r) => r.result.testCase?.threshold) : [],
  );
  const lines = rows.map(({ result, index, sampleId, scores }) => {
    const assertions = (result.testCase?.assert ?? []).map((a) => `${a.type}${a.value === undefined ? '' : ` ${text(a.value)}`}`);
    const inputs: ForeignInputs = {
      sampleId,
      epoch: null,
      index,
      conversation: conversationOf(result.prompt.raw),
      choices: null,
      target: assertions.join('\n'),
      scores,
      verdictScore,
      metadata: {
        test: result.testCase?.description ?? `test ${result.testIdx}`,
        provider: result.provider.id,
        ...(result.vars === undefined ? {} : { vars: result.vars }),
      },
    };
    const errored = result.failureReason === FAILURE_ERROR;
    if (errored) counts.error += 1;
    const score = scores.find((s) => s.name === verdictScore);
    if (!errored && score === undefined) counts.withoutScore += 1;
    const output = result.response?.output;
    return foreignLine(inputs, {
      response: output === undefined || output === null ? null : text(output),
      verdict: errored || graded !== undefined ? null : verdictOf(score),
      ...(graded === undefined
        ? {}
        : { grade: !errored && typeof score?.value === 'number' && Number.isFinite(score.value) ? score.value : null }),
      error: errored ? { stage: 'provider', kind: 'provider error', message: result.error ?? result.response?.error ?? '' } : null,
      time: parsed.file.metadata?.evaluationCreatedAt ?? parsed.file.results.timestamp ?? '',
    });
  });
  const stats = parsed.file.results.stats;
  const total = stats.successes + stats.failures + (stats.errors ?? 0);
  const models = [...new Set(parsed.results.map((r) => r.provider.id))];
  return {
    imported: {
      formatId: PROMPTFOO_BASICS.id,
      framework: { name: 'promptfoo', version: parsed.file.metadata?.promptfooVersion ?? null },
      task: parsed.file.config?.description ?? parsed.file.evalId ?? '',
      models,
      scorers: names,
      verdictScore,
      lines,
      settings: {
        resultsVersion: parsed.file.results.version,
        evalId: parsed.file.evalId ?? null,
        counts,
        reported:
          verdictScore === RESULT_SCORE
            ? meanScoreFigure(parsed.file, parsed.results)
            : verdictScore === PASS_SCORE && total > 0
              ? {
                  score: PASS_SCORE,
                  metric: 'pass rate',
                  value: stats.successes / total,
                  reproduced: lines.filter((l) => l.verdict === true).length / total,
                }
              : null,
      },
      ...(graded === undefined ? {} : { scale: graded.scale }),
      sources: [source],
      startedAt: parsed.file.metadata?.evaluationCreatedAt ?? null,
      finishedAt: parsed.file.metadata?.exportedAt ?? null,
    },
    notes: [
      `verdict score: ${verdictScore} (the results' scores: ${names.join(', ')}; choose with --score)`,
      ...(graded?.scale.kind === 'numeric'
        ? [`${verdictScore} is graded on a scale from ${graded.scale.min} to ${graded.scale.max}; ${graded.passAt}`]
        : []),
    ],
  };
}
