import { el, icon, replaceChildren } from '../webview-kit/dom';
import { type ExportFormat, type StatsReport, type StatsView } from '../src/core/protocol/stats';

const EXPORTS: readonly { readonly format: ExportFormat; readonly label: string; readonly icon: string }[] = [
  { format: 'md', label: 'Markdown', icon: 'markdown' },
  { format: 'json', label: 'JSON', icon: 'json' },
  { format: 'html', label: 'HTML', icon: 'file-code' },
];

type ShownReport = Pick<StatsReport, 'run' | 'items'>;

function judgeText(report: ShownReport, view: StatsView): string {
  const judge = report.run.judgeRecord;
  if (judge !== null) return `judged by ${judge.name}`;
  if (view.automatic === 'metric') return 'automatic verdict: the primary metric’s acc';
  return 'judge verdicts as published';
}

/** The title, the run it describes, and the panel's actions (refresh, export the report). */
export class StatsHeader {
  readonly element: HTMLElement;
  private readonly runLine = el('p', { class: 'run-line' }, 'Computing the validation report…');
  private readonly title = el('span', { class: 'title-text' }, 'Validation');

  constructor(actions: { refresh: () => void; export: (format: ExportFormat) => void }) {
    const refresh = el(
      'vscode-button',
      { class: 'refresh-button', secondary: true, icon: 'refresh', title: 'Recompute from the run folder' },
      'Refresh',
    );
    refresh.addEventListener('click', () => actions.refresh());
    const exports = EXPORTS.map((x) => {
      const button = el(
        'vscode-button',
        {
          class: `export-button export-${x.format}`,
          secondary: true,
          icon: x.icon,
          'data-format': x.format,
          'aria-label': `Export the report as ${x.label}`,
        },
        x.label,
      );
      button.addEventListener('click', () => actions.export(x.format));
      return button;
    });
    this.element = el('header', { class: 'stats-header' }, [
      el('div', { class: 'title-block' }, [el('h1', {}, [icon('graph', 'title-icon'), this.title]), this.runLine]),
      el('div', { class: 'actions' }, [
        el('div', { class: 'action-group', role: 'group', 'aria-label': 'Report' }, refresh),
        el('div', { class: 'action-group', role: 'group', 'aria-label': 'Export the report' }, [
          el('span', { class: 'action-label', 'aria-hidden': 'true' }, 'Export'),
          ...exports,
        ]),
      ]),
    ]);
  }

  show(report: ShownReport, view: StatsView): void {
    const { run } = report;
    this.title.textContent = view.title;
    replaceChildren(this.runLine, [
      el('span', { class: 'run-model', title: 'model' }, run.model ?? 'unknown model'),
      el('span', { class: 'run-judge' }, judgeText(report, view)),
      el('span', { class: 'run-dataset' }, `${run.dataset.name} @ ${run.dataset.commit.slice(0, 7)}`),
      el('span', { class: 'run-items' }, `${report.items} items`),
      el('span', { class: 'run-id', title: run.dir }, run.id),
    ]);
  }
}
