import * as z from 'zod';
import { type ReviewParts, type ReviewSettings } from '../benchmark';
import { YokaiEvalRecordSchema } from './dataset';
import { type GlossIndex, loadYokaiEvalGlosses } from './gloss';
import { yokaiEvalRank } from './informativeRank';
import { REGION_ORDER, normalizeRegion } from './region';

const MessagesSchema = z.array(z.object({ role: z.string(), content: z.string() }));
const SETTINGS: ReviewSettings = { decidable: true, primaryMetric: 'chrf', metrics: [] };

/** The review aid is the English glosses' index (loaded by loadAid, or handed over by the extension). */
function isGlossIndex(aid: object | null): aid is GlossIndex {
  return aid !== null && 'lookup' in aid && typeof aid.lookup === 'function';
}

function glossOf(aid: object | null): GlossIndex | null {
  return isGlossIndex(aid) ? aid : null;
}

/** YokaiEval in the review: the question and its choices, the judge's reply, the English gloss when loaded. */
export const YOKAIEVAL_REVIEW: ReviewParts = {
  look: {
    showTask: false,
    automatic: 'judge',
    facets: [
      { id: 'type', label: 'Question type' },
      { id: 'region', label: 'Region', order: [...REGION_ORDER] },
    ],
  },
  settings: () => SETTINGS,
  facetsOf: (inputs) => {
    const facets: Record<string, string> = {};
    if (typeof inputs['type'] === 'string') facets['type'] = inputs['type'];
    if (typeof inputs['region'] === 'string') facets['region'] = normalizeRegion(inputs['region']);
    return facets;
  },
  rowExtras: () => ({ margin: null, metricAcc: undefined, mc: undefined }),
  searchTexts: (line, aid) => {
    const record = YokaiEvalRecordSchema.safeParse(line.inputs);
    if (!record.success) return undefined;
    const r = record.data;
    const parts = [r.question, ...r.choices, r.answer, line.response ?? '', ...r.refs_detail.filter((x): x is string => x !== null)];
    const gloss = glossOf(aid)?.lookup(r.question, r.choices);
    if (gloss) parts.push(gloss);
    return parts;
  },
  detail: (common, line, _settings, aid) => {
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
      prompt: list.filter((m) => m.role === 'user').map((m) => m.content).join('\n'),
      systemPrompt: list.find((m) => m.role === 'system')?.content ?? null,
      response: line.response,
      refusal: line.refusal ?? null,
      judgeReply: line.judgeReply,
      type: record.data.type,
      region: record.data.region,
      regionNormalized: normalizeRegion(record.data.region),
      url: record.data.url,
      refsDetail: record.data.refs_detail,
      gloss: glossOf(aid)?.lookup(record.data.question, record.data.choices) ?? null,
      judgePrompt: judgeText,
    };
  },
  runHeader: () => ({}),
  scoreHeader: () => ({}),
  taskTitle: () => '',
  informativeRank: () => yokaiEvalRank,
  loadAid: (sources) => loadYokaiEvalGlosses(sources),
};
