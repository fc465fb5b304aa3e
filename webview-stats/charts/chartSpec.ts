import { type ChartTheme, type Tone } from './theme';

/** How a chart's values read: a share (0..1 shown as percent), a kappa (-1..1), or a count. */
export type ValueFormat = 'percent' | 'kappa' | 'count';

export interface BarDatum {
  readonly label: string;
  /** null: not computable (drawn as no bar; the text says why). */
  readonly value: number | null;
  /** The 95% interval [lower, upper], drawn as a whisker; null when there is none. */
  readonly interval: readonly [number, number] | null;
  /** The value as text, as drawn beside the bar and read to screen readers. */
  readonly text: string;
  readonly tone: Tone;
}

/**
 * A horizontal bar chart as plain data: what the canvas renderer draws, what the data table and the
 * summary say, and what DOM tests check. No colours here: tones are resolved against the theme.
 */
export interface ChartSpec {
  readonly id: string;
  readonly title: string;
  /** What a bar's value is ("accuracy", "Cohen's kappa", "flags"). */
  readonly valueLabel: string;
  readonly format: ValueFormat;
  readonly min: number;
  readonly max: number;
  readonly bars: readonly BarDatum[];
  /** One sentence for assistive technology: what the chart shows and its main values. */
  readonly summary: string;
  /** The chart's text alternative: every figure it draws, as a table. */
  readonly table: { readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] };
}

export interface ChartHandle {
  update(spec: ChartSpec, theme: ChartTheme): void;
  /** Shows one bar as active (its tooltip), or none: keyboard access to the chart. */
  highlight(index: number | null): void;
  destroy(): void;
}

/** Draws charts into a container: chart.js on a canvas in the webview, a recorder in DOM tests. */
export interface ChartRenderer {
  create(container: HTMLElement, spec: ChartSpec, theme: ChartTheme): ChartHandle;
}
