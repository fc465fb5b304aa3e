import { type ConfusionMatrix, VERDICT_LABELS, type VerdictLabel, confusionMatrix, percentAgreement } from '../stats/confusion';
import { type Interval } from '../stats/interval';
import { cohensKappa } from '../stats/kappa';

/** Agreement of two raters over the same items on true / false / null: what every chart of agreement takes. */
export interface AgreementStats {
  readonly items: number;
  readonly percent: number | null;
  readonly kappa: number | null;
  readonly kappaCI: Interval | null;
  readonly kappaSE: number | null;
  readonly confusion: ConfusionMatrix;
}

export function agreementOf(
  pairs: readonly (readonly [VerdictLabel, VerdictLabel])[],
  who: { rows: string; columns: string },
): AgreementStats {
  const confusion = confusionMatrix(VERDICT_LABELS, pairs, who);
  const kappa = cohensKappa(confusion.counts);
  return {
    items: pairs.length,
    percent: percentAgreement(confusion.counts),
    kappa: kappa.kappa,
    kappaCI: kappa.ci,
    kappaSE: kappa.se,
    confusion,
  };
}
