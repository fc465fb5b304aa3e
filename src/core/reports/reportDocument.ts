import { benchmarkOf } from '../benchmarks/registry';
import { VERDICT_LABELS } from '../stats/confusion';
import { type AgreementStats } from '../judgeValidation/agreement';
import { type Block } from '../judgeValidation/document';
import { gradedReportDocument } from '../judgeValidation/gradedReportDocument';
import { fixed, fixedInterval, percent, percentInterval } from '../judgeValidation/format';
import { type ValidationReport } from './report';
import { type ReportWords, reportWordsOf } from './reportWords';

const AGREEMENT_HEADER = ['items', 'agreement', 'kappa', '95% CI'];

function agreementCells(a: AgreementStats): string[] {
  return [String(a.items), percent(a.percent), fixed(a.kappa), fixedInterval(a.kappaCI)];
}

function confusionTable(a: AgreementStats): Block {
  const { confusion } = a;
  return {
    kind: 'table',
    header: [`${confusion.rows} / ${confusion.columns}`, ...confusion.labels],
    rows: confusion.labels.map((label, i) => [label, ...(confusion.counts[i] ?? []).map(String)]),
  };
}

/** The report as headings, paragraphs and tables, for Markdown and HTML. */
export function reportDocument(report: ValidationReport): Block[] {
  const { run } = report;
  const words = reportWordsOf(run.benchmark);
  const blocks: Block[] = [
    { kind: 'heading', level: 1, text: reportTitle(report) },
    {
      kind: 'list',
      items: [
        `benchmark ${run.benchmark} (${run.dataset.name}, ${run.dataset.repository} @ ${run.dataset.commit.slice(0, 7)}), task ${run.task}, ${report.items} items`,
        `model ${run.model ?? 'unknown'}${run.modelRecord ? ` at ${run.modelRecord.host}` : ''}; ${judgeText(report)}`,
        `run ${run.status}, started ${run.startedAt}${run.finishedAt ? `, finished ${run.finishedAt}` : ''}, written by eval-adjudicator ${run.toolVersion}`,
        ...run.dataset.files.map((f) => `${f.path}: sha256 ${f.sha256} (${f.license})`),
        `report generated ${report.generatedAt} by eval-adjudicator ${report.toolVersion} from ${run.dir}`,
      ],
    },
  ];
  // A graded run's figures are its grades' (accuracy and kappa on true / false / null would say nothing of them).
  if (report.graded === undefined) blocks.push(...binaryBlocks(report, words));
  else blocks.push(...gradedReportDocument(report.graded, words.rater));
  blocks.push({ kind: 'heading', level: 2, text: 'Review' });
  blocks.push({
    kind: 'list',
    items: [
      report.sample
        ? `sample ${report.sample.id} (seed ${report.sample.seed}): ${report.sample.decided} of ${report.sample.drawn} items decided`
        : 'no validation sample drawn',
      ...stabilityLines(report, words),
      `${report.conflicts.length} conflicting items${report.conflicts.length > 0 ? `: ${report.conflicts.map((c) => c.itemId).join(', ')}` : ''}`,
      ...report.problems.map((p) => `adjudications.jsonl: ${p.message}`),
    ],
  });
  blocks.push({ kind: 'heading', level: 2, text: 'Methods' });
  blocks.push({ kind: 'list', items: report.methods.map((m) => `${m.topic}: ${m.text}`) });
  return blocks;
}

/** A binary run's sections: accuracy (automatic, adjudicated, estimate) and agreement on true / false / null. */
function binaryBlocks(report: ValidationReport, words: ReportWords): Block[] {
  const { automatic, adjudicated, agreement } = report;
  const estimate = adjudicated.estimate;
  const blocks: Block[] = [
    { kind: 'heading', level: 2, text: 'Accuracy' },
    {
      kind: 'table',
      header: ['', 'accuracy', '95% CI', 'method'],
      rows: [
        ['automatic', percent(automatic.accuracy, 2), percentInterval(automatic.ci), 'true / items, Wilson interval'],
        ['adjudicated', percent(adjudicated.accuracy, 2), '', `human verdicts where given (${adjudicated.items} items), else automatic`],
        [
          'estimate',
          percent(estimate.accuracy, 2),
          percentInterval(estimate.ci),
          `${estimate.method}, ${estimate.interval ?? 'no'} interval, target ${estimate.target} (${estimate.labeled} human verdicts${estimate.effectiveN === null ? '' : `, effective n ${fixed(estimate.effectiveN, 1)}`})`,
        ],
      ],
    },
    {
      kind: 'paragraph',
      text: `Verdicts: true ${automatic.counts.true}, false ${automatic.counts.false}, null ${automatic.counts.null}, error ${automatic.counts.error}, missing ${automatic.counts.missing}. Overrides: ${
        Object.entries(adjudicated.overrides)
          .map(([d, n]) => `${d} ${n}`)
          .join(', ') || 'none'
      }. Flagged ${adjudicated.flagged}, stale ${adjudicated.stale}, conflicts ${adjudicated.conflicts}.`,
    },
  ];
  if (estimate.strata.length > 0) {
    blocks.push({
      kind: 'table',
      header: ['stratum', 'items', 'human verdicts', 'human true'],
      rows: estimate.strata.map((h) => [h.stratum, String(h.population), String(h.labeled), String(h.positives)]),
    });
  }
  if (estimate.notes.length > 0) blocks.push({ kind: 'list', items: estimate.notes });

  blocks.push({ kind: 'heading', level: 2, text: 'Agreement' });
  const rows: string[][] = [
    [`${agreement.judgeHuman.confusion.rows}–human (final verdict)`, ...agreementCells(agreement.judgeHuman)],
    ...agreement.judgePerAnnotator.map((a) => [`${agreement.judgeHuman.confusion.rows}–${a.annotator}`, ...agreementCells(a)]),
    ...agreement.interAnnotator.pairs.map((p) => [`${p.a}–${p.b}`, ...agreementCells(p)]),
  ];
  if (agreement.interAnnotator.method !== 'none' && agreement.interAnnotator.annotators.length > 2) {
    rows.push([
      `all annotators (${agreement.interAnnotator.method})`,
      String(agreement.interAnnotator.items),
      '',
      fixed(agreement.interAnnotator.kappa),
      '',
    ]);
  }
  if (agreement.sourceJudge) {
    rows.push([`source judge–judge (${agreement.sourceJudge.sourceRunId})`, ...agreementCells(agreement.sourceJudge.judges)]);
    rows.push(['judge–human (source run)', ...agreementCells(agreement.sourceJudge.judgeVersusSourceHumans)]);
  }
  blocks.push({ kind: 'table', header: ['raters', ...AGREEMENT_HEADER], rows });
  blocks.push({
    kind: 'paragraph',
    text: `Human–human agreement (${agreement.interAnnotator.method}: ${fixed(agreement.interAnnotator.kappa)}) is the ceiling for ${words.rater}–human agreement (kappa ${fixed(agreement.judgeHuman.kappa)}).${agreement.judgeHuman.excluded > 0 ? ` ${agreement.judgeHuman.excluded} items with a human verdict but an automatic error are left out.` : ''}`,
  });
  blocks.push({ kind: 'heading', level: 3, text: `Confusion matrix (rows: ${agreement.judgeHuman.confusion.rows}; columns: human)` });
  blocks.push(confusionTable(agreement.judgeHuman));
  for (const [facet, all] of Object.entries(agreement.judgeHumanByFacet)) {
    const values = all.filter((v) => v.items > 0);
    if (values.length === 0) continue;
    blocks.push({ kind: 'heading', level: 3, text: `By ${facet}` });
    blocks.push({
      kind: 'table',
      header: [facet, ...AGREEMENT_HEADER, ...VERDICT_LABELS.map((l) => `${l}→${l}`)],
      rows: values.map((v) => [v.value, ...agreementCells(v), ...VERDICT_LABELS.map((_, i) => String(v.confusion.counts[i]?.[i] ?? 0))]),
    });
  }
  if (report.metricsVersusHuman.length > 0) {
    blocks.push({ kind: 'heading', level: 3, text: 'Metric acc versus human' });
    blocks.push({
      kind: 'table',
      header: ['metric', ...AGREEMENT_HEADER],
      rows: report.metricsVersusHuman.map((m) => [m.metric, ...agreementCells(m)]),
    });
  }
  return blocks;
}

/** The report's title, its benchmark's words: "Judge validation: RUN". */
export function reportTitle(report: ValidationReport): string {
  return `${reportWordsOf(report.run.benchmark).title}: ${report.run.id}`;
}

/** The stability line of the Review list; none for a benchmark whose verdicts are not re-asked. */
function stabilityLines(report: ValidationReport, words: ReportWords): string[] {
  const stability = report.stability;
  const name = words.stability?.title.toLowerCase() ?? 'stability';
  if (stability !== null)
    return [
      `${name}: ${stability.flipped} of ${stability.items} re-asked items flipped (k = ${stability.k})${stability.flippedItems.length > 0 ? `: ${stability.flippedItems.join(', ')}` : ''}`,
    ];
  return words.stability === null ? [] : [`${name} not measured`];
}

function judgeText(report: ValidationReport): string {
  const { run } = report;
  if (run.judgeRecord !== null)
    return `judge ${run.judgeRecord.name} at ${run.judgeRecord.host} (temperature ${String(run.judgeRecord.parameters.temperature)}, max tokens ${String(run.judgeRecord.parameters.maxTokens)})`;
  const benchmark = benchmarkOf(run.benchmark);
  return (
    benchmark.report?.automaticVerdictText ??
    (benchmark.verdictBy === 'judge' ? 'judge verdicts as recorded in the run' : 'automatic verdicts from its metric')
  );
}
