import { el } from '../webview-kit/dom';
import { type StatsReport, type StatsView } from '../src/core/protocol/stats';

type ModelRecord = NonNullable<StatsReport['run']['modelRecord']>;

function modelText(record: ModelRecord): string {
  const p = record.parameters;
  const served = record.servedModel !== null && record.servedModel !== record.name ? `, served as ${record.servedModel}` : '';
  const fingerprint = record.systemFingerprint !== null ? `, fingerprint ${record.systemFingerprint}` : '';
  return `${record.name} at ${record.host}${served}${fingerprint} (temperature ${String(p.temperature ?? 'default')}, top_p ${String(p.topP ?? 'default')}, max tokens ${String(p.maxTokens ?? 'default')})`;
}

function entries(list: readonly (readonly [string, string])[]): HTMLElement {
  return el(
    'dl',
    { class: 'facts' },
    list.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value)]),
  );
}

/** How every figure was computed (the report's method notes). */
export function methodsCard(report: StatsReport): HTMLElement {
  return el('section', { class: 'card methods' }, [
    el('h2', { class: 'card-title' }, 'Methods'),
    entries(report.methods.map((m) => [m.topic, m.text] as const)),
  ]);
}

/** Where the figures come from: run, model, judge, dataset files, versions. */
export function provenanceCard(report: StatsReport, view: StatsView): HTMLElement {
  const { run } = report;
  const judge =
    run.judgeRecord !== null
      ? modelText(run.judgeRecord)
      : view.automatic === 'metric'
        ? 'none: the primary similarity metric’s acc'
        : 'verdicts as published (imported, no raw replies)';
  const list: [string, string][] = [
    ['run', `${run.id} (${run.status})`],
    ['benchmark', `${run.benchmark}, task ${run.task}, ${report.items} items`],
    ['model', run.modelRecord !== null ? modelText(run.modelRecord) : (run.model ?? 'unknown')],
    ['judge', judge],
    ['dataset', `${run.dataset.name}, ${run.dataset.repository} @ ${run.dataset.commit}`],
    ...run.dataset.files.map((f): [string, string] => [f.path, `sha256 ${f.sha256} (${f.license})`]),
    ['run times', `started ${run.startedAt}${run.finishedAt !== null ? `, finished ${run.finishedAt}` : ''}`],
    ['versions', `run written by eval-adjudicator ${run.toolVersion}; report by ${report.toolVersion}`],
    ['report generated', report.generatedAt],
    ['folder', run.dir],
  ];
  return el('section', { class: 'card provenance' }, [el('h2', { class: 'card-title' }, 'Provenance'), entries(list)]);
}
