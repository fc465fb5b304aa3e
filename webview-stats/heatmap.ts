import { el, srOnly } from '../webview-kit/dom';
import { type AgreementStatsView } from '../src/core/protocol/stats';
import { mix, opaque, readableOn, toCss } from './charts/color';
import { type ChartTheme, rgbaOf } from './charts/theme';

/**
 * A confusion matrix as a heatmap that is a plain table: headers name the raters and labels, every cell
 * holds its count as text, and the colour (agreement on the diagonal, disagreement off it, darker for
 * more items) is only an aid, set through the CSSOM (no inline style markup).
 */
export function confusionHeatmap(stats: Pick<AgreementStatsView, 'confusion'>, theme: ChartTheme, caption: string): HTMLElement {
  const { confusion } = stats;
  const background = rgbaOf(theme.background, '#1f1f1f');
  const foreground = rgbaOf(theme.foreground, '#cccccc');
  const agree = opaque(rgbaOf(theme.tones.blue, '#3794ff'));
  const disagree = opaque(rgbaOf(theme.tones.orange, '#d18616'));
  const most = Math.max(0, ...confusion.counts.flat());
  const rowTotals = confusion.counts.map((row) => row.reduce((s, x) => s + x, 0));
  const columnTotals = confusion.labels.map((_, c) => confusion.counts.reduce((s, row) => s + (row[c] ?? 0), 0));
  const total = rowTotals.reduce((s, x) => s + x, 0);

  const cell = (r: number, c: number): HTMLTableCellElement => {
    const n = confusion.counts[r]?.[c] ?? 0;
    const diagonal = r === c;
    const td = el(
      'td',
      {
        class: `heat-cell${diagonal ? ' is-agreement' : ' is-disagreement'}${n === 0 ? ' is-zero' : ''}`,
        'data-row': confusion.labels[r],
        'data-col': confusion.labels[c],
      },
      [el('span', { class: 'heat-count' }, String(n)), srOnly(diagonal ? ' (agree)' : ' (disagree)')],
    );
    if (n > 0 && most > 0) {
      const fill = mix(background, diagonal ? agree : disagree, 0.22 + 0.68 * (n / most));
      td.style.backgroundColor = toCss(fill);
      td.style.color = toCss(readableOn(fill, [foreground, background]));
    }
    return td;
  };

  const table = el('table', { class: 'heatmap' }, [
    el('caption', {}, caption),
    el('thead', {}, [
      el('tr', {}, [
        el('td', { class: 'heat-corner' }),
        el('th', { scope: 'colgroup', colspan: confusion.labels.length, class: 'heat-axis' }, `${confusion.columns} →`),
        el('td', { class: 'heat-corner' }),
      ]),
      el('tr', {}, [
        el('th', { scope: 'col', class: 'heat-axis' }, `${confusion.rows} ↓`),
        ...confusion.labels.map((label) => el('th', { scope: 'col' }, label)),
        el('th', { scope: 'col', class: 'heat-total' }, 'total'),
      ]),
    ]),
    el(
      'tbody',
      {},
      confusion.labels.map((label, r) =>
        el('tr', {}, [
          el('th', { scope: 'row' }, label),
          ...confusion.labels.map((_, c) => cell(r, c)),
          el('td', { class: 'heat-total' }, String(rowTotals[r] ?? 0)),
        ]),
      ),
    ),
    el(
      'tfoot',
      {},
      el('tr', {}, [
        el('th', { scope: 'row', class: 'heat-total' }, 'total'),
        ...columnTotals.map((n) => el('td', { class: 'heat-total' }, String(n))),
        el('td', { class: 'heat-total' }, String(total)),
      ]),
    ),
  ]);
  return el('div', { class: 'heatmap-scroll', role: 'region', tabindex: 0, 'aria-label': caption }, table);
}

/** Beside the heatmap: the share on the diagonal and the disagreements, largest first, in words. */
export function confusionSummary(stats: Pick<AgreementStatsView, 'confusion'>): HTMLElement {
  const { confusion } = stats;
  const total = confusion.counts.flat().reduce((s, x) => s + x, 0);
  const agreeing = confusion.counts.reduce((s, row, i) => s + (row[i] ?? 0), 0);
  const off = confusion.labels
    .flatMap((row, r) => confusion.labels.map((column, c) => ({ row, column, n: r === c ? 0 : (confusion.counts[r]?.[c] ?? 0) })))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n);
  return el('div', { class: 'heat-summary' }, [
    el('p', { class: 'heat-share' }, [
      el('span', { class: 'heat-share-value' }, total === 0 ? 'n/a' : `${((100 * agreeing) / total).toFixed(1)}%`),
      el('span', { class: 'muted' }, ` agree (${agreeing} of ${total})`),
    ]),
    off.length === 0
      ? el('p', { class: 'muted' }, 'No disagreements.')
      : el(
          'ul',
          { class: 'heat-off', 'aria-label': 'Disagreements, largest first' },
          off.map((x) =>
            el('li', {}, [
              el('span', { class: 'heat-off-n' }, String(x.n)),
              ` ${confusion.rows} ${x.row}, ${confusion.columns} ${x.column}`,
            ]),
          ),
        ),
  ]);
}
