import { type GradedValidation } from '../judgeValidation/gradedValidation';
import { type MethodNote, TARGET_NOTES } from './methodNotes';
import { type ReportWords } from './reportWords';

/** The method notes of a graded run's report, in place of the binary ones. */
export function gradedMethodNotes(graded: GradedValidation, words: ReportWords): MethodNote[] {
  const { rater } = words;
  const Rater = `${rater.charAt(0).toUpperCase()}${rater.slice(1)}`;
  const estimate = graded.items.estimateOfMean;
  const notes: MethodNote[] = [
    {
      topic: `${Rater}–human agreement on grades`,
      text:
        `Over the units (items; criteria one by one where items have them) with a final human grade. On an ordinal scale: the confusion over its levels and null, and weighted Cohen's kappa (Cohen 1968) over the levels by rank, with linear (Cicchetti & Allison 1971) and quadratic (Fleiss & Cohen 1973) weights and a 95% interval κ ± 1.96·SE from the large-sample standard error of Fleiss, Cohen & Everitt (1969); an item's mean over its criteria is not a level, so items of a criteria run get no kappa. ` +
        `Mean difference (${rater} − human) with the paired t interval, and the mean absolute difference, on the scale's values. A null grade (no parsable verdict, no answer) is shown in the confusion and counted as agreeing only with null; it is left out of the kappas and differences, never taken as 0.`,
    },
    {
      topic: 'Estimate of the mean',
      text:
        `${TARGET_NOTES[estimate.target].replace("model's accuracy", 'mean score')} Prediction-powered inference for a mean (Angelopoulos et al. 2023), stratified by the ${rater}'s grade (its level; the nearest level for a mean over criteria; a fifth of a numeric range): the stratified mean of the human grades, weighted by each stratum's share of the items (Cochran 1977, ch. 5). ` +
        `The 95% interval extends the binary estimate's adjusted Wald interval (Price & Bonett 2004): each of the m strata not fully graded gets 4/m pseudo-observations spread evenly over the scale's levels (its two ends for a numeric scale), so a stratum whose human grades all agree keeps the uncertainty of its sample size; Cochran's finite-population correction. Its coverage was checked by seeded simulation over six judge profiles (94.3–98.6% at 95% where every large stratum has ten graded items). ` +
        `A null grade is never a number, here as in summary and export: the ${rater}'s null grades are a stratum of their own, estimated from the human grades there; an item a human graded null, and an item without a result, are left out of the population; each is counted (${estimate.nulls.judge}, ${estimate.nulls.human}, ${estimate.nulls.withoutResult}). The graded items stand in for a random sample within each stratum.`,
    },
    {
      topic: 'Inter-annotator agreement on grades',
      text: `Krippendorff's alpha (Krippendorff 2011) with the ordinal and the interval difference function, over the units at least two annotators graded, any number of grades per unit; a null grade is a missing value. Each annotator's latest non-stale grade counts; adjudicators are not raters here. It is the ceiling for ${rater}–human agreement.`,
    },
  ];
  if (words.stability !== null) notes.push({ topic: words.stability.title, text: words.stability.method });
  return notes;
}
