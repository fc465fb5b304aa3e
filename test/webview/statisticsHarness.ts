/**
 * Mounts the Statistics webview in happy-dom with a fake acquireVsCodeApi and a chart renderer that
 * records what it is asked to draw (happy-dom has no canvas; the end-to-end test draws real charts).
 */
import { statsViewFor } from '../../src/core/review/viewDescriptor';
import type { StatsHostMessage, StatsWebviewMessage } from '../../src/core/protocol/stats';
import type { StatsApp } from '../../webview-stats/app';
import type { ChartHandle, ChartRenderer, ChartSpec } from '../../webview-stats/charts/chartSpec';
import type { ChartTheme } from '../../webview-stats/charts/theme';
import { type FakeApi, fakeApi, setupDom } from './harness';

export interface RecordedChart {
  readonly id: string;
  readonly container: HTMLElement;
  readonly specs: ChartSpec[];
  readonly themes: ChartTheme[];
  readonly highlights: (number | null)[];
  destroyed: boolean;
}

export class RecordingRenderer implements ChartRenderer {
  readonly charts: RecordedChart[] = [];

  create(container: HTMLElement, spec: ChartSpec, theme: ChartTheme): ChartHandle {
    const chart: RecordedChart = { id: spec.id, container, specs: [spec], themes: [theme], highlights: [], destroyed: false };
    this.charts.push(chart);
    container.append(document.createElement('canvas'));
    return {
      update: (next, nextTheme) => {
        chart.specs.push(next);
        chart.themes.push(nextTheme);
      },
      highlight: (index) => chart.highlights.push(index),
      destroy: () => {
        chart.destroyed = true;
      },
    };
  }

  /** The chart currently drawn with this id. */
  live(id: string): RecordedChart | undefined {
    return this.charts.filter((c) => c.id === id && !c.destroyed).at(-1);
  }

  get liveIds(): string[] {
    return this.charts.filter((c) => !c.destroyed).map((c) => c.id);
  }
}

export interface MountedStats {
  readonly app: StatsApp;
  readonly root: HTMLElement;
  readonly api: FakeApi;
  readonly charts: RecordingRenderer;
  deliver(message: StatsHostMessage | unknown): void;
  posted(): StatsWebviewMessage[];
  settle(ms?: number): Promise<void>;
  $(selector: string): HTMLElement | null;
  $$(selector: string): HTMLElement[];
  unmount(): void;
}

/** A statistics message as the host sends it: with the view the host computes for the report's run. */
function asHostSends(message: unknown): unknown {
  if (
    typeof message !== 'object' ||
    message === null ||
    !('type' in message) ||
    message.type !== 'statistics' ||
    'view' in message ||
    !('report' in message)
  )
    return message;
  const run: unknown =
    typeof message.report === 'object' && message.report !== null && 'run' in message.report ? message.report.run : undefined;
  const benchmark = typeof run === 'object' && run !== null && 'benchmark' in run ? run.benchmark : undefined;
  return typeof benchmark === 'string' ? { ...message, view: statsViewFor({ benchmark }) } : message;
}

export async function mountStats(): Promise<MountedStats> {
  await setupDom();
  await import('../../webview-stats/components');
  const { startStatsApp } = await import('../../webview-stats/app');
  document.body.replaceChildren();
  const root = document.createElement('div');
  root.id = 'app';
  document.body.append(root);
  const api = fakeApi();
  const charts = new RecordingRenderer();
  const app = startStatsApp(root, api, { charts });
  return {
    app,
    root,
    api,
    charts,
    deliver(message) {
      window.dispatchEvent(new MessageEvent('message', { data: structuredClone(asHostSends(message)) }));
    },
    posted: () => api.posted as unknown as StatsWebviewMessage[],
    async settle(ms = 0) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    $: (selector) => root.querySelector<HTMLElement>(selector),
    $$: (selector) => Array.from(root.querySelectorAll<HTMLElement>(selector)),
    unmount() {
      app.dispose();
      root.remove();
    },
  };
}
