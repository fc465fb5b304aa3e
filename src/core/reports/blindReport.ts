import { type LogProblem } from '../adjudication/adjudicationLog';
import { type VerdictLabel } from '../stats/confusion';
import { type Block, toHtml, toMarkdown } from '../judgeValidation/document';
import { fixed, percent } from '../judgeValidation/format';
import { type InterAnnotatorAgreement } from '../judgeValidation/interAnnotator';
import { type RunProvenance, type ValidationReport } from './report';
import { type ReportFormat } from './reportText';
import { type SampleStatus } from '../judgeValidation/validationSummary';

/** What a blind report leaves out: every figure that needs an automatic verdict. */
export const HIDDEN_WHILE_BLIND: readonly string[] = [
  'the automatic accuracy and its verdict counts',
  'the adjudicated accuracy and the estimated true accuracy',
  'automatic–human agreement (kappa, the confusion matrix, by facet, per annotator, each metric)',
  'overrides of the automatic verdict',
  'the automatic verdict of conflicting items',
  'stability of the automatic verdicts',
];

/**
 * A validation report while blind review is on: only what needs no automatic verdict (review progress, the
 * annotators' agreement among themselves, flags), and the list of what is hidden.
 */
export interface BlindValidationReport {
  readonly formatVersion: 1;
  readonly blind: true;
  readonly hidden: readonly string[];
  readonly generatedAt: string;
  readonly toolVersion: string;
  readonly run: RunProvenance;
  readonly items: number;
  readonly review: {
    readonly reviewed: number;
    /** Items with a final human verdict. */
    readonly decided: number;
    readonly flagged: number;
    readonly flaggedByCategory: Readonly<Record<string, number | undefined>>;
    readonly stale: number;
    readonly annotators: readonly string[];
    /** Items whose annotators disagree, with each one's decision (no automatic verdict). */
    readonly conflicts: readonly { readonly itemId: string; readonly verdicts: Readonly<Record<string, VerdictLabel>> }[];
  };
  readonly interAnnotator: InterAnnotatorAgreement;
  readonly sample: SampleStatus | null;
  readonly problems: readonly LogProblem[];
}

export function blindReport(report: ValidationReport): BlindValidationReport {
  const { adjudicated } = report;
  return {
    formatVersion: 1,
    blind: true,
    hidden: HIDDEN_WHILE_BLIND,
    generatedAt: report.generatedAt,
    toolVersion: report.toolVersion,
    run: report.run,
    items: report.items,
    review: {
      reviewed: adjudicated.reviewed,
      decided: adjudicated.items,
      flagged: adjudicated.flagged,
      flaggedByCategory: adjudicated.flaggedByCategory,
      stale: adjudicated.stale,
      annotators: adjudicated.annotators,
      conflicts: report.conflicts.map((c) => ({ itemId: c.itemId, verdicts: c.verdicts })),
    },
    interAnnotator: report.agreement.interAnnotator,
    sample: report.sample,
    problems: report.problems,
  };
}

function blindDocument(report: BlindValidationReport): Block[] {
  const { run, review, interAnnotator: ia } = report;
  return [
    { kind: 'heading', level: 1, text: blindReportTitle(report) },
    {
      kind: 'paragraph',
      text: 'Blind review is on: this report shows only what needs no automatic verdict. Hidden until blind review is off:',
    },
    { kind: 'list', items: report.hidden },
    {
      kind: 'list',
      items: [
        `benchmark ${run.benchmark} (${run.dataset.name} @ ${run.dataset.commit.slice(0, 7)}), task ${run.task}, ${report.items} items`,
        `model ${run.model ?? 'unknown'}; run ${run.status}, started ${run.startedAt}`,
        `report generated ${report.generatedAt} by eval-adjudicator ${report.toolVersion} from ${run.dir}`,
      ],
    },
    { kind: 'heading', level: 2, text: 'Review' },
    {
      kind: 'list',
      items: [
        `${review.reviewed} of ${report.items} reviewed (${review.decided} with a final human verdict)`,
        `${review.flagged} flagged, ${review.stale} stale, ${review.conflicts.length} conflicting items`,
        `annotators: ${review.annotators.join(', ') || 'none yet'}`,
        report.sample
          ? `sample ${report.sample.id} (seed ${report.sample.seed}): ${report.sample.decided} of ${report.sample.drawn} items decided`
          : 'no validation sample drawn',
        ...report.problems.map((p) => `adjudications.jsonl: ${p.message}`),
      ],
    },
    { kind: 'heading', level: 2, text: 'Annotator agreement' },
    {
      kind: 'table',
      header: ['raters', 'items', 'agreement', 'kappa'],
      rows: [
        [`all annotators (${ia.method})`, String(ia.items), '', fixed(ia.kappa)],
        ...ia.pairs.map((p) => [`${p.a}–${p.b}`, String(p.items), percent(p.percent), fixed(p.kappa)]),
      ],
    },
  ];
}

export function blindReportTitle(report: BlindValidationReport): string {
  return `Review progress (blind): ${report.run.id}`;
}

/** A blind report as the Statistics panel exports it while blind review is on. */
export function blindReportText(report: BlindValidationReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'md') return toMarkdown(blindDocument(report));
  return toHtml(blindDocument(report), blindReportTitle(report));
}
