import { BarController, BarElement, CategoryScale, Chart, type ChartConfiguration, LinearScale, Tooltip } from 'chart.js';
import { type Rgba, mix, opaque, toCss, withAlpha } from './color';
import { type ChartTheme, rgbaOf } from './theme';
import { type ChartHandle, type ChartRenderer, type ChartSpec, type ValueFormat } from './chartSpec';
import { type IntervalMarks, intervalPlugin } from './intervalPlugin';

// Only what the charts use is registered, so the bundle carries nothing else (chart.js tree-shakes).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const ROW_HEIGHT = 30;
const AXIS_HEIGHT = 34;
const MAX_LABEL = 30;

function formatTick(value: number, format: ValueFormat): string {
  if (format === 'percent') return `${Math.round(value * 100)}%`;
  if (format === 'kappa') return value.toFixed(1);
  return Number.isInteger(value) ? String(value) : '';
}

const shorten = (label: string): string => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

function fontOf(theme: ChartTheme, weight = ''): string {
  return `${weight === '' ? '' : `${weight} `}${theme.fontSize}px ${theme.fontFamily}`;
}

/** The height a chart of this many bars needs, so every label keeps its row. */
export function chartHeight(bars: number): number {
  return Math.max(2, bars) * ROW_HEIGHT + AXIS_HEIGHT;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function textWidth(texts: readonly string[], font: string): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (ctx === null) return 120;
  ctx.font = font;
  return Math.max(0, ...texts.map((t) => ctx.measureText(t).width));
}

function configOf(spec: ChartSpec, theme: ChartTheme, marks: () => IntervalMarks): ChartConfiguration<'bar', (number | null)[], string> {
  const background = rgbaOf(theme.background, '#1f1f1f');
  const tone = (b: ChartSpec['bars'][number]): Rgba => opaque(rgbaOf(theme.tones[b.tone], '#3794ff'));
  const fills = spec.bars.map((b) => toCss(mix(background, tone(b), 0.8)));
  const edges = spec.bars.map((b) => theme.border ?? toCss(tone(b)));
  const font = { family: theme.fontFamily, size: theme.fontSize };
  const tooltipBackground = toCss(withAlpha(mix(background, rgbaOf(theme.foreground, '#cccccc'), 0.12), 0.97));
  return {
    type: 'bar',
    data: {
      labels: spec.bars.map((b) => b.label),
      datasets: [
        {
          label: spec.valueLabel,
          data: spec.bars.map((b) => b.value),
          backgroundColor: fills,
          borderColor: edges,
          borderWidth: theme.border === null ? { left: 0, right: 2, top: 0, bottom: 0 } : 1,
          borderSkipped: false,
          barPercentage: 0.72,
          categoryPercentage: 0.9,
          maxBarThickness: 22,
        },
      ],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : { duration: 250 },
      layout: {
        padding: {
          right:
            Math.ceil(
              textWidth(
                spec.bars.map((b) => b.text),
                fontOf(theme),
              ),
            ) + 16,
          top: 4,
        },
      },
      scales: {
        x: {
          min: spec.min,
          max: spec.max,
          grid: { color: theme.lines, lineWidth: 0.5 },
          border: { color: theme.lines },
          ticks: { color: theme.muted, font, maxTicksLimit: 6, callback: (value) => formatTick(Number(value), spec.format) },
        },
        y: {
          grid: { display: false },
          border: { color: theme.lines },
          ticks: { color: theme.foreground, font, autoSkip: false, callback: (_value, index) => shorten(spec.bars[index]?.label ?? '') },
        },
      },
      plugins: {
        tooltip: {
          backgroundColor: tooltipBackground,
          titleColor: theme.foreground,
          bodyColor: theme.foreground,
          borderColor: theme.border ?? theme.lines,
          borderWidth: 1,
          titleFont: font,
          bodyFont: font,
          displayColors: false,
          callbacks: { label: (item) => `${spec.valueLabel}: ${spec.bars[item.dataIndex]?.text ?? ''}` },
        },
      },
    },
    plugins: [intervalPlugin(marks)],
  };
}

class CanvasChart implements ChartHandle {
  private chart: Chart<'bar', (number | null)[], string>;
  private marks: IntervalMarks;

  constructor(
    private readonly container: HTMLElement,
    spec: ChartSpec,
    theme: ChartTheme,
  ) {
    const canvas = document.createElement('canvas');
    container.replaceChildren(canvas);
    this.marks = CanvasChart.marksOf(spec, theme);
    this.container.style.height = `${chartHeight(spec.bars.length)}px`;
    this.chart = new Chart(
      canvas,
      configOf(spec, theme, () => this.marks),
    );
  }

  private static marksOf(spec: ChartSpec, theme: ChartTheme): IntervalMarks {
    return {
      intervals: spec.bars.map((b) => b.interval),
      texts: spec.bars.map((b) => b.text),
      color: theme.foreground,
      textColor: theme.foreground,
      font: fontOf(theme),
    };
  }

  update(spec: ChartSpec, theme: ChartTheme): void {
    this.marks = CanvasChart.marksOf(spec, theme);
    this.container.style.height = `${chartHeight(spec.bars.length)}px`;
    const next = configOf(spec, theme, () => this.marks);
    this.chart.data = next.data;
    if (next.options !== undefined) this.chart.options = next.options;
    this.chart.update('none');
  }

  highlight(index: number | null): void {
    const active = index === null ? [] : [{ datasetIndex: 0, index }];
    this.chart.setActiveElements(active);
    const bar = index === null ? undefined : this.chart.getDatasetMeta(0).data[index];
    this.chart.tooltip?.setActiveElements(active, { x: bar?.x ?? 0, y: bar?.y ?? 0 });
    this.chart.update('none');
  }

  destroy(): void {
    this.chart.destroy();
  }
}

/** chart.js on a canvas: CSP-safe (no eval, styles only through the CSSOM), themed by the caller's colours. */
export const canvasChartRenderer: ChartRenderer = {
  create: (container, spec, theme) => new CanvasChart(container, spec, theme),
};
