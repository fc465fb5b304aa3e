import { el, replaceChildren, uniqueId } from '../../webview-kit/dom';
import { type ChartTheme } from './theme';
import { type ChartHandle, type ChartRenderer, type ChartSpec } from './chartSpec';

export interface ChartFigure {
  readonly element: HTMLElement;
  update(spec: ChartSpec, theme: ChartTheme): void;
  destroy(): void;
}

function dataTable(spec: ChartSpec): HTMLTableElement {
  return el('table', { class: 'data-table' }, [
    el('caption', { class: 'sr-only' }, spec.title),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        spec.table.header.map((h) => el('th', { scope: 'col' }, h)),
      ),
    ),
    el(
      'tbody',
      {},
      spec.table.rows.map((row) =>
        el(
          'tr',
          {},
          row.map((cell, i) => (i === 0 ? el('th', { scope: 'row' }, cell) : el('td', {}, cell))),
        ),
      ),
    ),
  ]);
}

/**
 * A chart with its text alternatives: the drawing is an image labelled by a summary, focusable, whose
 * arrow keys step through the bars (each one read aloud and shown as active); every figure is also in a
 * data table a click or Enter away.
 */
export function chartFigure(options: {
  spec: ChartSpec;
  theme: ChartTheme;
  renderer: ChartRenderer;
  announce: (text: string) => void;
}): ChartFigure {
  let spec = options.spec;
  let active: number | null = null;
  const hintId = uniqueId('chart-hint');
  const canvasHolder = el('div', {
    class: 'chart-canvas',
    role: 'img',
    tabindex: 0,
    'aria-label': spec.summary,
    'aria-describedby': hintId,
    'data-chart': spec.id,
  });
  const table = el('div', { class: 'chart-table' }, dataTable(spec));
  const element = el('figure', { class: 'chart', 'data-chart-id': spec.id }, [
    canvasHolder,
    el('span', { class: 'sr-only', id: hintId }, 'Arrow keys read the bars one by one; the data table below has every value.'),
    el('details', { class: 'chart-data' }, [el('summary', {}, 'Data table'), table]),
  ]);
  const handle: ChartHandle = options.renderer.create(canvasHolder, spec, options.theme);

  const show = (index: number | null): void => {
    active = index;
    handle.highlight(index);
    if (index === null) return;
    const bar = spec.bars[index];
    if (bar !== undefined) options.announce(`${bar.label}: ${bar.text} (${index + 1} of ${spec.bars.length})`);
  };
  canvasHolder.addEventListener('keydown', (event) => {
    const last = spec.bars.length - 1;
    if (last < 0) return;
    let next: number | null | undefined;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') next = active === null ? 0 : Math.min(last, active + 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') next = active === null ? 0 : Math.max(0, active - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && active !== null) next = null;
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    show(next);
  });
  canvasHolder.addEventListener('blur', () => {
    if (active !== null) show(null);
  });

  return {
    element,
    update(next, theme) {
      spec = next;
      canvasHolder.setAttribute('aria-label', next.summary);
      replaceChildren(table, dataTable(next));
      handle.update(next, theme);
      if (active !== null && active >= next.bars.length) active = null;
      if (active !== null) handle.highlight(active);
    },
    destroy() {
      handle.destroy();
    },
  };
}
