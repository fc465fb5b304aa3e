import { VERDICT_LABELS, type VerdictLabel } from '../stats/confusion';
import { fleissKappa } from '../stats/fleiss';
import { type Interval } from '../stats/interval';
import { krippendorffAlphaNominal } from '../stats/krippendorff';
import { type AgreementStats, agreementOf } from './agreement';
import { type ItemRecord } from './itemRecords';

export type InterAnnotatorMethod = 'none' | 'cohen-kappa' | 'fleiss-kappa' | 'krippendorff-alpha-nominal';

export interface PairAgreement extends AgreementStats {
  readonly a: string;
  readonly b: string;
}

export interface InterAnnotatorAgreement {
  /** Cohen's or Fleiss' kappa, or Krippendorff's alpha, as `method` says; null when not computable. */
  readonly kappa: number | null;
  /** Only for Cohen's kappa (two annotators): the large-sample interval. */
  readonly kappaCI: Interval | null;
  readonly method: InterAnnotatorMethod;
  /** Annotators (role "annotator") with at least one current decision; adjudicators are not raters here. */
  readonly annotators: readonly string[];
  /** Items decided by at least two annotators: the items the coefficient is over. */
  readonly items: number;
  /** Cohen's kappa of every pair of annotators over the items both decided. */
  readonly pairs: readonly PairAgreement[];
}

/**
 * Agreement between annotators on true / false / null, from each one's current non-stale decision: Cohen's
 * kappa for two annotators (items both decided); Fleiss' kappa for three or more when every item decided by
 * two or more has the same number of decisions; otherwise Krippendorff's alpha (nominal), which allows any
 * number of decisions per item.
 */
export function interAnnotatorAgreement(records: readonly ItemRecord[]): InterAnnotatorAgreement {
  const annotators = [...new Set(records.flatMap((r) => r.annotators.map((a) => a.annotator)))].sort();
  const shared = records.filter((r) => r.annotators.length >= 2);
  const pairs = pairAgreements(records, annotators);
  const base = { annotators, items: shared.length, pairs };
  if (annotators.length < 2 || shared.length === 0) return { ...base, kappa: null, kappaCI: null, method: 'none' };
  if (annotators.length === 2) {
    const only = pairs[0];
    return { ...base, kappa: only?.kappa ?? null, kappaCI: only?.kappaCI ?? null, method: 'cohen-kappa' };
  }
  const counts = new Set(shared.map((r) => r.annotators.length));
  if (counts.size === 1) {
    const table = shared.map((r) => VERDICT_LABELS.map((label) => r.annotators.filter((a) => a.verdict === label).length));
    return { ...base, kappa: fleissKappa(table).kappa, kappaCI: null, method: 'fleiss-kappa' };
  }
  const alpha = krippendorffAlphaNominal<VerdictLabel>(shared.map((r) => r.annotators.map((a) => a.verdict)));
  return { ...base, kappa: alpha.alpha, kappaCI: null, method: 'krippendorff-alpha-nominal' };
}

function pairAgreements(records: readonly ItemRecord[], annotators: readonly string[]): PairAgreement[] {
  const out: PairAgreement[] = [];
  for (let i = 0; i < annotators.length; i++) {
    for (let j = i + 1; j < annotators.length; j++) {
      const a = annotators[i] ?? '';
      const b = annotators[j] ?? '';
      const pairs: [VerdictLabel, VerdictLabel][] = [];
      for (const r of records) {
        const va = r.annotators.find((x) => x.annotator === a)?.verdict;
        const vb = r.annotators.find((x) => x.annotator === b)?.verdict;
        if (va !== undefined && vb !== undefined) pairs.push([va, vb]);
      }
      out.push({ a, b, ...agreementOf(pairs, { rows: a, columns: b }) });
    }
  }
  return out;
}

export interface ConflictingItem {
  readonly itemId: string;
  readonly automatic: string;
  /** Each annotator's current decision on the item. */
  readonly verdicts: Readonly<Record<string, VerdictLabel>>;
}

/**
 * The consensus view: items whose annotators decided differently and that no adjudicator has settled. An
 * adjudicator settles one by appending an event with role "adjudicator" (`adjudicate --role adjudicator`).
 */
export function conflictingItems(records: readonly ItemRecord[]): ConflictingItem[] {
  return records
    .filter((r) => r.conflict)
    .map((r) => ({
      itemId: r.itemId,
      automatic: r.automatic,
      verdicts: Object.fromEntries(r.decisions.map((d) => [d.annotator, d.verdict])),
    }));
}
