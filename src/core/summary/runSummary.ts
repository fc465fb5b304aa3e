import { type AdjudicatedScore } from '../adjudication/adjudicatedScore';
import { type GradedScore } from '../adjudication/gradedScore';
import { type AutomaticScore } from '../runs/automaticSummary';
import { type ValidationSummary } from '../judgeValidation/validationSummary';

/** A run's summary, common to every benchmark; a benchmark's summary parts add their own keys. */
export interface RunSummary {
  readonly runId: string;
  readonly benchmark: string;
  readonly task: string;
  readonly status: string;
  /** Why a run with status 'error' stopped, and when (run.json's stoppedBy). */
  readonly stoppedBy?: { readonly message: string; readonly time: string };
  readonly model: string | null;
  readonly judge: string | null;
  readonly items: number;
  readonly automatic: AutomaticScore & { readonly ci: ValidationSummary['automaticCI'] };
  readonly adjudicated: AdjudicatedScore & { readonly estimate: ValidationSummary['estimate'] };
  /** Judge–human and inter-annotator agreement (src/core/validation). */
  readonly agreement: ValidationSummary['agreement'];
  readonly stability: ValidationSummary['stability'];
  readonly sample: ValidationSummary['sample'];
  readonly usage: { promptTokens: number; completionTokens: number; requests: number };
  /**
   * A graded run's grades (run.json scale ordinal or numeric): the mean grade automatic and adjudicated with
   * nulls counted apart, criteria, and the source's own figure. Absent on a binary run. On a graded run every
   * binary verdict is null, so `automatic` and `adjudicated` above count nothing but nulls.
   */
  readonly graded?: GradedScore;
}
