import * as z from 'zod';
import { type ReferencesDetail } from '../../protocol/review';
import { type KalahiResultLine, KalahiResultLineSchema } from './resultParts';

const InputsSchema = z.looseObject({ prompt_id: z.string(), category: z.string(), topic: z.string(), prompt: z.string() });
const MessagesSchema = z.array(z.object({ role: z.string(), content: z.string() }));

/** A result line read as a Kalahi line (references, and the mc and open parts validated), or undefined. */
export function asKalahiLine(line: object | undefined): KalahiResultLine | undefined {
  if (line === undefined || !('references' in line)) return undefined;
  const parsed = KalahiResultLineSchema.safeParse(line);
  return parsed.success ? parsed.data : undefined;
}

/** MC margin: the best answer's normalized log-prob minus the best irrelevant one's. */
export function mcMarginOf(line: KalahiResultLine): number | null {
  const mc = line.mc;
  if (mc === undefined) return null;
  const best = mc.relevant[line.references.bestIndex]?.score;
  if (best === undefined) return null;
  return best - Math.max(...mc.irrelevant.map((s) => s.score));
}

export interface KalahiRowExtras {
  readonly margin: number | null;
  readonly metricAcc: Record<string, boolean> | undefined;
}

/** What a Kalahi row adds: the score margin (primary metric's diff, else the MC margin) and each metric's acc. */
export function kalahiRowExtras(line: KalahiResultLine | undefined, primaryMetric: string): KalahiRowExtras {
  if (line === undefined) return { margin: null, metricAcc: undefined };
  const metrics = line.open?.metrics;
  const primary = metrics?.[primaryMetric];
  const margin = primary !== undefined ? primary.diff : mcMarginOf(line);
  const metricAcc = metrics === undefined ? undefined : Object.fromEntries(Object.entries(metrics).map(([name, m]) => [name, m.acc]));
  return { margin, metricAcc };
}

/** The searchable texts of a Kalahi item: the prompt, the answer and every reference. */
export function kalahiSearchTexts(line: KalahiResultLine): string[] {
  const inputs = InputsSchema.safeParse(line.inputs);
  return [
    inputs.success ? inputs.data.prompt : '',
    line.open?.answer ?? line.response ?? '',
    ...line.references.relevant,
    ...line.references.irrelevant,
  ];
}

type Common = Omit<
  ReferencesDetail,
  'kind' | 'decidable' | 'promptId' | 'category' | 'topic' | 'prompt' | 'systemPrompt' | 'references' | 'open' | 'mc'
>;

/** The Kalahi detail: prompt, references, the open-ended answer with each metric's scores, the MC log-probs. */
export function kalahiDetail(
  common: Common,
  line: KalahiResultLine,
  context: { decidable: boolean; primaryMetric: string; metricOrder: readonly string[] },
): ReferencesDetail {
  const inputs = InputsSchema.safeParse(line.inputs);
  const messages = MessagesSchema.safeParse(line.prompt?.messages ?? []);
  const list = messages.success ? messages.data : [];
  const open = line.open;
  const names = open === undefined ? [] : orderedNames(Object.keys(open.metrics), context.metricOrder);
  return {
    kind: 'references',
    ...common,
    decidable: context.decidable,
    promptId: inputs.success ? inputs.data.prompt_id : '',
    category: inputs.success ? inputs.data.category : '',
    topic: inputs.success ? inputs.data.topic : '',
    prompt: inputs.success ? inputs.data.prompt : (list.find((m) => m.role === 'user')?.content ?? ''),
    systemPrompt: list.find((m) => m.role === 'system')?.content ?? null,
    references: {
      relevant: [...line.references.relevant],
      irrelevant: [...line.references.irrelevant],
      bestIndex: line.references.bestIndex,
    },
    open:
      open === undefined
        ? null
        : {
            answer: open.answer,
            empty: open.empty,
            finishReason: open.finishReason,
            refusal: line.refusal ?? null,
            primaryMetric: open.metrics[context.primaryMetric] !== undefined ? context.primaryMetric : (names[0] ?? context.primaryMetric),
            metrics: names.flatMap((name) => {
              const m = open.metrics[name];
              return m === undefined
                ? []
                : [
                    {
                      name,
                      relevant: [...m.relevant],
                      irrelevant: [...m.irrelevant],
                      maxRelevant: m.maxRelevant,
                      maxIrrelevant: m.maxIrrelevant,
                      diff: m.diff,
                      acc: m.acc,
                    },
                  ];
            }),
          },
    mc:
      line.mc === undefined
        ? null
        : {
            backend: line.mc.backend,
            mc2Mode: line.mc.mc2Mode,
            mc1: line.mc.mc1,
            mc2: line.mc.mc2,
            relevant: line.mc.relevant.map(mcScore),
            irrelevant: line.mc.irrelevant.map(mcScore),
          },
  };
}

function mcScore(s: { score: number; logprob: number; bytes: number; tokens: number }): {
  score: number;
  logprob: number;
  bytes: number;
  tokens: number;
} {
  return { score: s.score, logprob: s.logprob, bytes: s.bytes, tokens: s.tokens };
}

/** Metric names in the run's order (run.json), any others after them. */
function orderedNames(names: readonly string[], order: readonly string[]): string[] {
  const known = order.filter((name) => names.includes(name));
  return [...known, ...names.filter((name) => !known.includes(name))];
}
