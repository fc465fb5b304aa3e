import * as z from 'zod';
import { type ReviewAid, type ReviewParts } from '../../contract/benchmark';
import { YokaiEvalRecordSchema } from './dataset';
import { type GlossIndex, loadYokaiEvalGlosses } from './gloss';
import { yokaiEvalRank } from './informativeRank';
import { normalizeRegion } from './region';

const MessagesSchema = z.array(z.object({ role: z.string(), content: z.string() }));

/** The review aid: an item's English gloss, looked up by its question and choices. */
function glossAid(glosses: GlossIndex): ReviewAid {
  return {
    textOf: (line) => {
      const record = YokaiEvalRecordSchema.safeParse(line.inputs);
      return record.success ? glosses.lookup(record.data.question, record.data.choices) : null;
    },
  };
}

/** YokaiEval in the review: the question and its choices, the judge's reply, the English gloss when loaded. */
export const YOKAIEVAL_REVIEW: ReviewParts = {
  searchTexts: (line) => {
    const record = YokaiEvalRecordSchema.safeParse(line.inputs);
    if (!record.success) return undefined;
    const r = record.data;
    return [r.question, ...r.choices, r.answer, line.response ?? '', ...r.refs_detail.filter((x): x is string => x !== null)];
  },
  detail: (common, line, { aidText }) => {
    const record = YokaiEvalRecordSchema.safeParse(line?.inputs);
    if (!record.success || line === undefined) return undefined;
    const messages = MessagesSchema.safeParse(line.prompt?.messages ?? []);
    const list = messages.success ? messages.data : [];
    const judge = MessagesSchema.safeParse(line.judgePrompt?.messages ?? []);
    const judgeText = judge.success && judge.data.length > 0 ? judge.data.map((m) => m.content).join('\n') : null;
    return {
      kind: 'choices',
      ...common,
      question: record.data.question,
      choices: record.data.choices,
      gold: record.data.answer,
      prompt: list
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n'),
      systemPrompt: list.find((m) => m.role === 'system')?.content ?? null,
      response: line.response,
      refusal: line.refusal ?? null,
      judgeReply: line.judgeReply,
      type: record.data.type,
      region: record.data.region,
      regionNormalized: normalizeRegion(record.data.region),
      url: record.data.url,
      refsDetail: record.data.refs_detail,
      gloss: aidText,
      judgePrompt: judgeText,
    };
  },
  informativeRank: () => yokaiEvalRank,
  aid: { load: (sources) => loadYokaiEvalGlosses(sources).then(glossAid) },
};
