import { type AutomaticOutcome } from '../../../src/core/adjudication/adjudicatedScore';
import { type VerdictLabel } from '../../../src/core/stats/confusion';
import { type ItemRecord, judgeLabelOf } from '../../../src/core/judgeValidation/itemRecords';

/** An item record built by hand, for tests of the statistics that sit on top of a run. */
export function record(
  itemId: string,
  automatic: AutomaticOutcome,
  fields: Partial<Omit<ItemRecord, 'itemId' | 'automatic'>> = {},
): ItemRecord {
  return {
    itemId,
    automatic,
    judge: judgeLabelOf(automatic),
    human: null,
    humanSource: null,
    conflict: false,
    annotators: [],
    decisions: [],
    facets: {},
    line: undefined,
    ...fields,
  };
}

/** A record whose annotators decided as given (role annotator), with the final verdict docs/run-folder.md's rules give. */
export function annotated(itemId: string, automatic: AutomaticOutcome, verdicts: Readonly<Record<string, VerdictLabel>>): ItemRecord {
  const list = Object.entries(verdicts).map(([annotator, verdict]) => ({ annotator, verdict }));
  const distinct = new Set(list.map((a) => a.verdict));
  const human = distinct.size === 1 ? (list[0]?.verdict ?? null) : null;
  return record(itemId, automatic, {
    annotators: list,
    decisions: list.map((a) => ({ ...a, role: 'annotator' as const })),
    human,
    humanSource: human === null ? null : 'agreement',
    conflict: distinct.size > 1,
  });
}
