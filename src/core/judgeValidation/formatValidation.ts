import { type ValidationSummary } from './validationSummary';
import { fixed, fixedInterval, percent, percentInterval } from './format';

/** The summary's text lines for the validation figures (the JSON has them all). */
export function formatValidationLines(summary: {
  readonly adjudicated: { readonly estimate: ValidationSummary['estimate'] };
  readonly agreement: ValidationSummary['agreement'];
  readonly stability: ValidationSummary['stability'];
  readonly sample: ValidationSummary['sample'];
}): string[] {
  const { estimate } = summary.adjudicated;
  const jh = summary.agreement.judgeHuman;
  const ia = summary.agreement.interAnnotator;
  const lines = [
    join(
      'estimate  ',
      percent(estimate.accuracy, 2),
      percentInterval(estimate.ci),
      `(${estimate.method}, ${estimate.interval ?? 'no'} interval, target ${estimate.target}; ${estimate.labeled} human verdicts of ${estimate.population} items)`,
    ),
    ...estimate.notes.map((note) => `  note: ${note}`),
    join('judge–human kappa', fixed(jh.kappa), fixedInterval(jh.kappaCI), `(agreement ${percent(jh.percent)} over ${jh.items} items)`),
  ];
  if (ia.method !== 'none') lines.push(`annotators ${ia.method} ${fixed(ia.kappa)} over ${ia.items} items (${ia.annotators.join(', ')})`);
  const source = summary.agreement.sourceJudge;
  if (source)
    lines.push(
      join(
        'judge–judge kappa',
        fixed(source.judges.kappa),
        fixedInterval(source.judges.kappaCI),
        `(against ${source.sourceRunId}, over ${source.judges.items} items)`,
      ),
    );
  if (summary.sample)
    lines.push(`sample     ${summary.sample.id}: ${summary.sample.decided}/${summary.sample.drawn} decided (seed ${summary.sample.seed})`);
  if (summary.stability)
    lines.push(`stability  ${summary.stability.flipped} of ${summary.stability.items} re-asked items flipped (k = ${summary.stability.k})`);
  return lines;
}

function join(...parts: string[]): string {
  return parts.filter((p) => p !== '').join(' ');
}
