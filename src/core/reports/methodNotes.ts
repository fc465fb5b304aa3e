import { type AccuracyEstimate } from '../judgeValidation/estimate';
import { type InterAnnotatorAgreement } from '../judgeValidation/interAnnotator';
import { type ReportWords } from './reportWords';

export interface MethodNote {
  readonly topic: string;
  readonly text: string;
}

const stratified = (rater: string): string =>
  `Stratified prediction-powered inference: the ${rater}'s verdict on every item defines the strata (true / false / null / error); the human verdicts on the seeded sample in samples.jsonl estimate each stratum's accuracy, and the strata are weighted by their share of all items. As the ${rater}'s prediction is constant within a stratum, this is PPI (Angelopoulos et al. 2023; stratified PPI, Fisch et al. 2024) with the rectifier estimated per stratum, i.e. the stratified estimator (Cochran 1977, ch. 5). The 95% interval is the adjusted Wald interval for a sum of binomial proportions (Price & Bonett 2004, after Agresti & Coull 1998 and Agresti & Caffo 2000): each of the m strata not fully reviewed gets 2/m pseudo-successes and 2/m pseudo-failures, p̃_h = (k_h + 2/m)/(n_h + 4/m), so a stratum whose sampled verdicts all agree with the ${rater} still carries the uncertainty of its sample size; variance Σ W_h² (1 − n_h/N_h) p̃_h(1 − p̃_h)/(n_h + 4/m), with Cochran's finite-population correction. Items without a result count as wrong.`;

const estimateNotes = (rater: string): Readonly<Record<AccuracyEstimate['method'], string>> => ({
  census:
    'Every item with a result has a final human verdict: accuracy = human-true / items, known exactly for these items (the interval is the point).',
  wilson:
    'Every item with a result has a final human verdict: accuracy = human-true / items, with the Wilson score interval (Wilson 1927; Newcombe 1998) for the questions the items stand for.',
  'stratified-ppi': stratified(rater),
  'post-stratified-ppi': `${stratified(rater)} No sample was drawn, though: the reviewed items stand in for a random sample within each automatic-verdict stratum. Valid only if reviewers did not choose items in a way related to their correctness; draw a sample with \`eval-adjudicator sample\` for a design-based interval.`,
  none: 'Not estimable yet: no human verdict, or a stratum with no reviewed item (whose accuracy is then unknown).',
});

/** What the estimate's interval is for, as the outputs name it. */
export const TARGET_NOTES: Readonly<Record<AccuracyEstimate['target'], string>> = {
  'run-items': "Target: the model's accuracy on this run's items (finite population), the figure a paper reports for this benchmark.",
  superpopulation:
    "Target: the model's accuracy on the population of questions the run's items are taken to be drawn from (superpopulation); the variance adds θ(1 − θ)/N for which questions the benchmark holds.",
};

const INTER_NOTES: Readonly<Record<InterAnnotatorAgreement['method'], string>> = {
  none: 'Fewer than two annotators decided the same item.',
  'cohen-kappa':
    "Two annotators: Cohen's kappa over the items both decided, with the large-sample interval (Fleiss, Cohen & Everitt 1969).",
  'fleiss-kappa': "Three or more annotators, the same number of decisions on every shared item: Fleiss' kappa (Fleiss 1971).",
  'krippendorff-alpha-nominal':
    "Three or more annotators with differing numbers of decisions per item: Krippendorff's alpha for nominal data (Krippendorff 2011), which allows missing decisions.",
};

/** The method notes every report carries, worded for the figures it holds and the run's benchmark. */
export function methodNotes(estimate: AccuracyEstimate, inter: InterAnnotatorAgreement, words: ReportWords): MethodNote[] {
  const { rater } = words;
  const Rater = `${rater.charAt(0).toUpperCase()}${rater.slice(1)}`;
  const notes: MethodNote[] = [
    {
      topic: `${Rater}–human agreement`,
      text: "Over the items with a final human verdict (an adjudicator's latest decision on the current result, else the verdict every annotator who decided shares), on the three categories true / false / null: the confusion matrix, percent agreement and Cohen's kappa (Cohen 1960) with a 95% interval kappa ± 1.96·SE, SE the large-sample standard error of Fleiss, Cohen & Everitt (1969) (SAS PROC FREQ's ASE). Items whose automatic verdict is an error are left out. No bootstrap is used.",
    },
    { topic: 'Accuracy estimate', text: `${TARGET_NOTES[estimate.target]} ${estimateNotes(rater)[estimate.method]}` },
    { topic: 'Automatic accuracy interval', text: 'Wilson score interval of true / items (null, error and missing count as wrong).' },
    {
      topic: 'Inter-annotator agreement',
      text: `${INTER_NOTES[inter.method]} Each annotator's latest non-stale decision counts; adjudicators are not raters here. It is the ceiling for ${rater}–human agreement.`,
    },
  ];
  if (words.stability !== null) notes.push({ topic: words.stability.title, text: words.stability.method });
  return notes;
}
