import { type Interval } from '../stats/interval';
import { toCsv } from '../util/csv';
import { markdownText } from '../util/markdownText';
import { fixed, fixedInterval, percent, percentInterval } from '../judgeValidation/format';
import { type ValidationReport } from './report';

export type TableFormat = 'csv' | 'md' | 'tex';
export const TABLE_FORMATS: readonly TableFormat[] = ['csv', 'md', 'tex'];

/** One row of the cross-run table: one run, i.e. one model on one benchmark. */
export interface CrossRunRow {
  readonly benchmark: string;
  readonly model: string;
  readonly judge: string | null;
  readonly runId: string;
  readonly items: number;
  readonly automatic: number;
  readonly automaticCI: Interval | null;
  readonly adjudicated: number | null;
  readonly adjudicatedCI: Interval | null;
  readonly method: string;
  readonly humanVerdicts: number;
  readonly kappa: number | null;
  readonly kappaCI: Interval | null;
  readonly humanKappa: number | null;
  readonly flags: readonly string[];
}

/** Thresholds behind the flags, written out in docs/cli.md (`table`). */
export const LOW_KAPPA = 0.6;
export const FEW_LABELS = 30;
export const MANY_NULLS = 0.05;

/**
 * Flags: low-kappa (judge–human kappa below 0.6), few-labels (fewer than 30 human verdicts), not-estimated,
 * no-sample (the estimate treats reviewed items as a sample), nulls (over 5% null verdicts), errors (error or
 * missing items), conflicts, stale, flips (judge verdicts that changed on re-asking).
 */
export function crossRunRow(report: ValidationReport): CrossRunRow {
  const { automatic, adjudicated, agreement } = report;
  const estimate = adjudicated.estimate;
  const kappa = agreement.judgeHuman.kappa;
  const flags: string[] = [];
  if (kappa !== null && kappa < LOW_KAPPA) flags.push('low-kappa');
  if (estimate.labeled < FEW_LABELS) flags.push('few-labels');
  if (estimate.accuracy === null) flags.push('not-estimated');
  if (estimate.method === 'post-stratified-ppi') flags.push('no-sample');
  if (report.items > 0 && automatic.counts.null / report.items > MANY_NULLS) flags.push('nulls');
  if (automatic.counts.error + automatic.counts.missing > 0) flags.push('errors');
  if (adjudicated.conflicts > 0) flags.push('conflicts');
  if (adjudicated.stale > 0) flags.push('stale');
  if ((report.stability?.flipped ?? 0) > 0) flags.push('flips');
  return {
    benchmark: report.run.benchmark,
    model: report.run.model ?? report.run.id,
    judge: report.run.judgeRecord?.name ?? null,
    runId: report.run.id,
    items: report.items,
    automatic: automatic.accuracy,
    automaticCI: automatic.ci,
    adjudicated: estimate.accuracy,
    adjudicatedCI: estimate.ci,
    method: estimate.method,
    humanVerdicts: estimate.labeled,
    kappa,
    kappaCI: agreement.judgeHuman.kappaCI,
    humanKappa: agreement.interAnnotator.kappa,
    flags,
  };
}

/** Rows by benchmark, then model, then run id. */
export function crossRunRows(reports: readonly ValidationReport[]): CrossRunRow[] {
  return reports
    .map(crossRunRow)
    .sort((a, b) => a.benchmark.localeCompare(b.benchmark) || a.model.localeCompare(b.model) || a.runId.localeCompare(b.runId));
}

export function renderCrossRunTable(rows: readonly CrossRunRow[], format: TableFormat): string {
  if (format === 'csv') return csv(rows);
  if (format === 'md') return markdown(rows);
  return latex(rows);
}

const num = (x: number | null | undefined): string => (x === null || x === undefined ? '' : String(x));

function csv(rows: readonly CrossRunRow[]): string {
  const header = [
    'benchmark',
    'model',
    'judge',
    'run',
    'items',
    'automatic',
    'automatic_lo',
    'automatic_hi',
    'adjudicated',
    'adjudicated_lo',
    'adjudicated_hi',
    'method',
    'human_verdicts',
    'kappa',
    'kappa_lo',
    'kappa_hi',
    'human_kappa',
    'flags',
  ];
  const body = rows.map((r) => [
    r.benchmark,
    r.model,
    r.judge ?? '',
    r.runId,
    String(r.items),
    num(r.automatic),
    num(r.automaticCI?.[0]),
    num(r.automaticCI?.[1]),
    num(r.adjudicated),
    num(r.adjudicatedCI?.[0]),
    num(r.adjudicatedCI?.[1]),
    r.method,
    String(r.humanVerdicts),
    num(r.kappa),
    num(r.kappaCI?.[0]),
    num(r.kappaCI?.[1]),
    num(r.humanKappa),
    r.flags.join(';'),
  ]);
  return toCsv(header, body);
}

function markdown(rows: readonly CrossRunRow[]): string {
  const lines = [
    '| benchmark | model | judge | automatic | adjudicated | human verdicts | judge–human κ | human–human κ | flags |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${[
          r.benchmark,
          r.model,
          r.judge ?? '',
          `${percent(r.automatic)} ${percentInterval(r.automaticCI)}`.trim(),
          r.adjudicated === null ? 'n/a' : `${percent(r.adjudicated)} ${percentInterval(r.adjudicatedCI)}`.trim(),
          `${r.humanVerdicts} (${r.method})`,
          `${fixed(r.kappa, 2)} ${fixedInterval(r.kappaCI, 2)}`.trim(),
          fixed(r.humanKappa, 2),
          r.flags.join(', '),
        ]
          .map(markdownText)
          .join(' | ')} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** LaTeX special characters escaped, so model names such as "qwen2.5_7b" set as text. */
export function latexEscape(text: string): string {
  return text.replace(
    /[\\{}$&#%_^~]/g,
    (c) => ({ '\\': '\\textbackslash{}', '^': '\\textasciicircum{}', '~': '\\textasciitilde{}' })[c] ?? `\\${c}`,
  );
}

function latex(rows: readonly CrossRunRow[]): string {
  const pct = (x: number | null, ci: Interval | null): string =>
    x === null ? 'n/a' : `${(100 * x).toFixed(1)}${ci === null ? '' : ` [${(100 * ci[0]).toFixed(1)}, ${(100 * ci[1]).toFixed(1)}]`}`;
  const k = (x: number | null, ci: Interval | null): string =>
    x === null ? 'n/a' : `${x.toFixed(2)}${ci === null ? '' : ` [${ci[0].toFixed(2)}, ${ci[1].toFixed(2)}]`}`;
  return [
    '% requires \\usepackage{booktabs}',
    '\\begin{tabular}{lllrrrrl}',
    '\\toprule',
    'Benchmark & Model & Judge & Automatic (\\%) & Adjudicated (\\%) & $n_{\\mathrm{human}}$ & $\\kappa$ judge--human & Flags \\\\',
    '\\midrule',
    ...rows.map(
      (r) =>
        `${[latexEscape(r.benchmark), latexEscape(r.model), latexEscape(r.judge ?? ''), pct(r.automatic, r.automaticCI), pct(r.adjudicated, r.adjudicatedCI), String(r.humanVerdicts), k(r.kappa, r.kappaCI), latexEscape(r.flags.join(', '))].join(' & ')} \\\\`,
    ),
    '\\bottomrule',
    '\\end{tabular}',
    '',
  ].join('\n');
}
