import { type BenchmarkBasics } from '../runs/benchmarkBasics';
import { type VerdictLabel } from '../stats/confusion';
import { type AgreementStats, agreementOf } from './agreement';
import { type ItemRecord } from './itemRecords';

export interface JudgeHumanAgreement extends AgreementStats {
  /** Items with a final human verdict but no automatic verdict (an error): left out of the table. */
  readonly excluded: number;
}

export interface FacetAgreement extends AgreementStats {
  readonly value: string;
}

export interface AnnotatorAgreement extends AgreementStats {
  readonly annotator: string;
}

/** Who the rows of a judge-versus-human table are: the benchmark's automatic rater (an LLM judge, a metric). */
export function automaticRater(benchmark: BenchmarkBasics): string {
  return benchmark.verdictBy === 'judge' ? 'judge' : 'automatic';
}

function pairsOf(records: readonly ItemRecord[], humanOf: (r: ItemRecord) => VerdictLabel | null): [VerdictLabel, VerdictLabel][] {
  const pairs: [VerdictLabel, VerdictLabel][] = [];
  for (const r of records) {
    const human = humanOf(r);
    if (human !== null && r.judge !== null) pairs.push([r.judge, human]);
  }
  return pairs;
}

/** The judge against the final human verdict, over the items that have one, on true / false / null. */
export function judgeHumanAgreement(records: readonly ItemRecord[], rows = 'judge'): JudgeHumanAgreement {
  const excluded = records.filter((r) => r.human !== null && r.judge === null).length;
  return {
    ...agreementOf(
      pairsOf(records, (r) => r.human),
      { rows, columns: 'human' },
    ),
    excluded,
  };
}

/** The same per value of a facet (the benchmark's facets: question type, region, category…), values sorted. */
export function judgeHumanByFacet(records: readonly ItemRecord[], facet: string, rows = 'judge'): FacetAgreement[] {
  const groups = new Map<string, ItemRecord[]>();
  for (const r of records) {
    const value = r.facets[facet];
    if (value === undefined) continue;
    const group = groups.get(value);
    if (group === undefined) groups.set(value, [r]);
    else group.push(r);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, group]) => ({
      value,
      ...agreementOf(
        pairsOf(group, (r) => r.human),
        { rows, columns: 'human' },
      ),
    }));
}

/** The judge against each annotator's own current decisions (each annotator's events kept apart). */
export function judgePerAnnotator(records: readonly ItemRecord[], rows = 'judge'): AnnotatorAgreement[] {
  const names = [...new Set(records.flatMap((r) => r.decisions.map((d) => d.annotator)))].sort();
  return names.map((annotator) => ({
    annotator,
    ...agreementOf(
      pairsOf(records, (r) => r.decisions.find((d) => d.annotator === annotator)?.verdict ?? null),
      { rows, columns: annotator },
    ),
  }));
}
