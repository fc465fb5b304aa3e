import { type Chart, type Plugin } from 'chart.js';

export interface IntervalMarks {
  readonly intervals: readonly (readonly [number, number] | null)[];
  readonly texts: readonly string[];
  readonly color: string;
  readonly textColor: string;
  readonly font: string;
}

/**
 * Draws each bar's 95% interval as a whisker (a line with end caps across the bar's centre) and its value
 * text after the bar: a few lines of canvas drawing instead of another dependency.
 */
export function intervalPlugin(marks: () => IntervalMarks): Plugin<'bar'> {
  return {
    id: 'evalAdjudicatorIntervals',
    afterDatasetsDraw(chart: Chart<'bar'>) {
      const { intervals, texts, color, textColor, font } = marks();
      const scale = chart.scales['x'];
      const meta = chart.getDatasetMeta(0);
      if (scale === undefined) return;
      const ctx = chart.ctx;
      ctx.save();
      meta.data.forEach((bar, i) => {
        const y = bar.y;
        const { height, x } = bar.getProps(['height', 'x'], true);
        const barEnd = typeof x === 'number' && Number.isFinite(x) ? x : scale.getPixelForValue(0);
        const half = Math.max(4, Math.min(9, (typeof height === 'number' ? height : 16) * 0.35));
        const interval = intervals[i] ?? null;
        let end = barEnd;
        if (interval !== null) {
          const x0 = scale.getPixelForValue(interval[0]);
          const x1 = scale.getPixelForValue(interval[1]);
          ctx.strokeStyle = color;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.moveTo(x0, y);
          ctx.lineTo(x1, y);
          ctx.moveTo(x0, y - half);
          ctx.lineTo(x0, y + half);
          ctx.moveTo(x1, y - half);
          ctx.lineTo(x1, y + half);
          ctx.stroke();
          end = Math.max(end, x1);
        }
        const text = texts[i];
        if (text !== undefined && text !== '') {
          ctx.fillStyle = textColor;
          ctx.font = font;
          ctx.textBaseline = 'middle';
          ctx.textAlign = 'left';
          ctx.fillText(text, Math.max(end, scale.getPixelForValue(0)) + 8, y);
        }
      });
      ctx.restore();
    },
  };
}
