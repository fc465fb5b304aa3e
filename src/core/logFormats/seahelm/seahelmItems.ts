import { type ForeignImport, type SourceFile, foreignLine } from '../foreignRunFolder';
import { type ResultLine } from '../../runs/resultLine';
import { type OrdinalScale } from '../../scale/verdictScale';
import { sha256Hex } from '../../util/hash';
import { SEAHELM_BASICS, type SeahelmInputs } from './basics';
import { type Classification } from './criteriaJudgeRule';
import { type InferenceLine, type Numbered, type SeahelmFileNames } from './seahelmFiles';
import { type ScoredItem, taskFigures } from './seahelmScores';

export const ITEM_SCORE = 'average_criteria_score';

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** prompts[0].text, the situation; a prompt without one shown as its fields. */
function situationOf(line: InferenceLine): string {
  const prompt = line.prompts[0] ?? {};
  return typeof prompt['text'] === 'string' ? prompt['text'] : JSON.stringify(prompt);
}

function inputsOf(row: Numbered<InferenceLine>, index: number, item: ScoredItem): SeahelmInputs {
  const line = row.value;
  const situation = situationOf(line);
  const modelError = (line.errors ?? []).find((e) => e !== null && e !== undefined);
  return {
    sampleId: item.id,
    epoch: null,
    index,
    conversation: line.conversations?.map((t) => ({ role: t.role, text: text(t.content) })) ?? [{ role: 'user', text: situation }],
    choices: null,
    target: line.label === undefined || line.label === null ? '' : text(line.label),
    scores: [
      {
        name: ITEM_SCORE,
        value: item.score,
        answer: null,
        explanation: `the mean of ${item.criteria.length} criteria's scores${item.unparsable > 0 ? `, ${item.unparsable} unparsable counted 0` : ''}`,
        metadata: null,
      },
    ],
    verdictScore: ITEM_SCORE,
    metadata: line.metadata,
    situation,
    category: item.category,
    modelError: modelError === undefined ? null : text(modelError),
    unparsable: item.unparsable,
  };
}

/** The item's identity: its id, situation, what the model saw, the reference and the criteria's texts (not the judge's replies). */
function itemHash(inputs: SeahelmInputs, item: ScoredItem): string {
  return sha256Hex(
    JSON.stringify({
      conversation: inputs.conversation,
      criteria: item.criteria.map((c) => [c.id, c.text]),
      id: inputs.sampleId,
      situation: inputs.situation,
      target: inputs.target,
    }),
  );
}

export interface SeahelmRead {
  readonly names: SeahelmFileNames;
  readonly rows: readonly Numbered<InferenceLine>[];
  readonly items: readonly ScoredItem[];
  readonly strayJudgements: number;
  readonly classifications: readonly Classification[];
  readonly judge: string | null;
  readonly sources: readonly SourceFile[];
}

/** The run's scale: the task's classifications as levels from the lowest value to the highest. */
export function scaleOf(classifications: readonly Classification[]): OrdinalScale {
  return { kind: 'ordinal', levels: [...classifications].sort((a, b) => a.value - b.value).map((c) => ({ name: c.name, value: c.value })) };
}

/** The import: one graded line per item with its criteria, SEA-HELM's figures in settings, the scale and SEA-HELM's mean. */
export function seahelmImport(read: SeahelmRead): ForeignImport {
  const lines = read.rows.map((row, index): ResultLine => {
    const item = read.items[index];
    if (item === undefined) throw new Error('an inference line without its scored item');
    const inputs = inputsOf(row, index, item);
    const base = foreignLine(inputs, { response: row.value.responses[0] ?? null, verdict: null, error: null, time: '' });
    return { ...base, itemHash: itemHash(inputs, item), grade: item.score, criteria: [...item.criteria] };
  });
  const criteria = read.items.reduce((n, i) => n + i.criteria.length, 0);
  const unparsable = read.items.reduce((n, i) => n + i.unparsable, 0);
  return {
    formatId: SEAHELM_BASICS.id,
    framework: { name: 'SEA-HELM', version: null },
    task: read.names.task,
    models: [read.names.model],
    scorers: [read.judge ?? 'criteria judge'],
    verdictScore: ITEM_SCORE,
    lines,
    settings: {
      lang: read.names.lang,
      judge: read.judge,
      classifications: read.classifications,
      seahelm: {
        metric: ITEM_SCORE,
        ...taskFigures(read.items),
        items: read.items.length,
        criteria,
        unparsable,
        strayJudgements: read.strayJudgements,
      },
    },
    sources: read.sources,
    startedAt: null,
    finishedAt: null,
    scale: scaleOf(read.classifications),
    criteriaAggregation: { kind: 'mean', nullAs: 0 },
  };
}
