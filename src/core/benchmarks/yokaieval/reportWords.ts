import { type ReportParts } from '../../contract/benchmark';

/** YokaiEval's report validates its LLM judge, which `stability` can re-ask. */
export const YOKAIEVAL_REPORT: ReportParts = {
  title: 'Judge validation',
  automaticVerdictText: 'judge verdicts as published (imported)',
  stability: {
    title: 'Judge stability',
    howToMeasure: 'eval-adjudicator stability RUNDIR re-asks the judge',
    method:
      'The judge is asked k more times about an item (cache sample indexes 1..k); an item flips when those verdicts, with the run’s own for the same judge, are not all the same.',
  },
};
