import { Announcer } from '../webview-kit/announcer';
import { el, replaceChildren } from '../webview-kit/dom';
import { MessageBar } from '../webview-kit/messageBar';
import { WebviewChannel } from '../webview-kit/channel';
import { type VsCodeApiLike } from '../webview-kit/vscodeApi';
import {
  type ExportFormat,
  type StatsHostMessage,
  type StatsPanelState,
  StatsPanelStateSchema,
  type StatsReport,
  type StatsView,
  StatsHostMessageSchema,
  type StatsWebviewMessage,
  StatsWebviewMessageSchema,
} from '../src/core/protocol/stats';
import { blindPage } from './blindPage';
import { summaryCards } from './cards';
import { type ChartFigure, chartFigure } from './charts/chartFigure';
import { type ChartRenderer, type ChartSpec } from './charts/chartSpec';
import { detailCards } from './details';
import { gradedSections } from './graded';
import { StatsHeader } from './header';
import { confusionHeatmap, confusionSummary } from './heatmap';
import { automaticName, facetTitle } from './labels';
import { methodsCard, provenanceCard } from './provenance';
import { accuracySpec, agreementSpec, facetSpec, flagsSpec, metricsSpec } from './specs';
import { type ChartTheme, observeTheme, readTheme } from './charts/theme';

export interface StatsApp {
  /** The report shown, once the host has sent one. */
  readonly report: StatsReport | undefined;
  /** The chart specs drawn, by id (what the charts and their data tables show). */
  readonly specs: ReadonlyMap<string, ChartSpec>;
  dispose(): void;
}

export interface StatsAppOptions {
  /** chart.js on a canvas in the webview; a recording renderer in DOM tests. */
  readonly charts: ChartRenderer;
}

interface Drawn {
  readonly figure: ChartFigure;
  readonly spec: ChartSpec;
}

/** The Statistics view: asks the host for the run's validation report and draws it, re-drawing on theme changes. */
export function startStatsApp(root: HTMLElement, api: VsCodeApiLike, options: StatsAppOptions): StatsApp {
  const channel = new WebviewChannel<StatsHostMessage, StatsWebviewMessage, StatsPanelState>(api, 'statistics', {
    incoming: StatsHostMessageSchema,
    outgoing: StatsWebviewMessageSchema,
    state: StatsPanelStateSchema,
  });
  const announcer = new Announcer();
  const messages = new MessageBar();
  const header = new StatsHeader({
    refresh: () => {
      announcer.announce('Recomputing the report…');
      channel.post({ type: 'refresh' });
    },
    export: (format: ExportFormat) => channel.post({ type: 'export', format }),
  });
  const body = el('main', { class: 'stats-body', 'aria-busy': 'true' }, el('p', { class: 'loading' }, 'Computing the validation report…'));
  root.classList.add('stats-app');
  replaceChildren(root, [header.element, messages.element, announcer.element, body]);

  let report: StatsReport | undefined;
  /** The page shows the blind report (blind review is on in the window). */
  let blind = false;
  // Until the host names the run's words: neutral ones, no categories, no stability.
  let view: StatsView = { automatic: 'judge', facetTitles: {}, title: 'Validation', categories: [], stability: null };
  const drawn = new Map<string, Drawn>();
  let heatmapHolder: HTMLElement | undefined;
  let theme: ChartTheme = readTheme();

  const destroyCharts = (): void => {
    for (const d of drawn.values()) d.figure.destroy();
    drawn.clear();
  };

  const chartCard = (spec: ChartSpec, subtitle: string, className = ''): HTMLElement => {
    const figure = chartFigure({ spec, theme, renderer: options.charts, announce: (text) => announcer.announce(text) });
    drawn.set(spec.id, { figure, spec });
    const empty = spec.bars.length === 0;
    return el('section', { class: `card chart-card card-${spec.id}${className === '' ? '' : ` ${className}`}` }, [
      el('h2', { class: 'card-title' }, spec.title),
      el('p', { class: 'card-sub' }, subtitle),
      empty ? el('p', { class: 'muted empty' }, 'No human verdicts yet.') : figure.element,
    ]);
  };

  const heatmapCaption = (r: StatsReport): string =>
    `Confusion matrix: rows the ${r.agreement.judgeHuman.confusion.rows}’s verdict, columns the final human verdict (${r.agreement.judgeHuman.items} items)`;

  const render = (r: StatsReport): void => {
    const focusedChart = document.activeElement instanceof HTMLElement ? document.activeElement.dataset['chart'] : undefined;
    const openTables = new Set(
      [...root.querySelectorAll<HTMLElement>('figure.chart')]
        .filter((f) => f.querySelector('details')?.open === true)
        .map((f) => f.dataset['chartId'] ?? ''),
    );
    destroyCharts();
    theme = readTheme();
    if (r.graded !== undefined) {
      heatmapHolder = undefined;
      replaceChildren(body, [
        ...gradedSections(r, r.graded, view, theme),
        el('div', { class: 'grid wide' }, [methodsCard(r), provenanceCard(r, view)]),
      ]);
      body.removeAttribute('aria-busy');
      return;
    }
    const auto = automaticName(view);
    heatmapHolder = el('div', { class: 'heatmap-holder' }, confusionHeatmap(r.agreement.judgeHuman, theme, heatmapCaption(r)));
    const charts: HTMLElement[] = [
      chartCard(accuracySpec(r, view), 'Bars: the point estimates; whiskers: 95% intervals.'),
      chartCard(agreementSpec(r, view), `Blue: the ${auto} against humans. Purple: humans against each other, the ceiling.`),
      el('section', { class: 'card card-confusion' }, [
        el('h2', { class: 'card-title' }, `Confusion: ${auto} versus human`),
        el('p', { class: 'card-sub' }, 'Blue cells agree, orange cells disagree; stronger colour means more items.'),
        el('div', { class: 'heat-layout' }, [heatmapHolder, confusionSummary(r.agreement.judgeHuman)]),
      ]),
      chartCard(flagsSpec(r, view), `Cultural hallucinations flagged by annotators (${r.adjudicated.flagged} flagged items).`),
      ...Object.entries(r.agreement.judgeHumanByFacet).map(([facet, values]) =>
        chartCard(
          facetSpec(facet, values, view),
          `Percent agreement of the ${auto} with the final human verdict per ${facetTitle(view, facet)}; kappa and items beside each bar.`,
          'card-facet',
        ),
      ),
    ];
    if (r.metricsVersusHuman.length > 0)
      charts.push(chartCard(metricsSpec(r), 'Each similarity metric’s acc (true / false) against the final human verdict.'));
    replaceChildren(body, [
      summaryCards(r, view),
      el('div', { class: 'grid charts' }, charts),
      el('div', { class: 'grid details' }, detailCards(r, view)),
      el('div', { class: 'grid wide' }, [methodsCard(r), provenanceCard(r, view)]),
    ]);
    body.removeAttribute('aria-busy');
    for (const figure of root.querySelectorAll<HTMLElement>('figure.chart')) {
      const details = figure.querySelector('details');
      if (details !== null && openTables.has(figure.dataset['chartId'] ?? '')) details.open = true;
    }
    if (focusedChart !== undefined)
      [...root.querySelectorAll<HTMLElement>('.chart-canvas')].find((c) => c.dataset['chart'] === focusedChart)?.focus();
  };

  /** Theme switch: the same figures in the new colours. */
  const recolor = (next: ChartTheme): void => {
    theme = next;
    if (report === undefined) return;
    if (report.graded !== undefined) {
      render(report);
      return;
    }
    for (const d of drawn.values()) d.figure.update(d.spec, theme);
    heatmapHolder?.replaceChildren(confusionHeatmap(report.agreement.judgeHuman, theme, heatmapCaption(report)));
  };
  const themeWatch = observeTheme(recolor);

  const onInvalid = (problem: string): void => {
    messages.show('The extension sent a report this panel cannot read; try Refresh.');
    console.warn('statistics: ignored a message that fails the protocol', problem);
  };
  const onMessage = (message: StatsHostMessage): void => {
    if (message.type === 'error') {
      messages.show(message.message);
      body.removeAttribute('aria-busy');
      return;
    }
    const first = report === undefined && !blind;
    view = message.view ?? view;
    channel.saveState({ runDir: message.runDir });
    header.show(message.report, view);
    messages.dismiss();
    if (message.type === 'blindStatistics') {
      blind = true;
      report = undefined;
      destroyCharts();
      heatmapHolder = undefined;
      replaceChildren(body, blindPage(message.report, view));
      body.removeAttribute('aria-busy');
      announcer.announce('Statistics: blind review is on; only what needs no automatic verdict is shown.');
      return;
    }
    blind = false;
    report = message.report;
    render(report);
    announcer.announce(first ? 'Statistics loaded.' : 'Statistics updated.');
  };
  channel.listen(onMessage, onInvalid);
  channel.post({ type: 'ready' });

  return {
    get report() {
      return report;
    },
    get specs() {
      return new Map([...drawn].map(([id, d]) => [id, d.spec]));
    },
    dispose() {
      channel.dispose();
      themeWatch.dispose();
      destroyCharts();
    },
  };
}
