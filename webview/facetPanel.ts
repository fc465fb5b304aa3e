import { el, icon, setText } from '../webview-kit/dom';
import type { FacetDefinition } from '../src/core/protocol/review';
import { type FacetDef, facetList, orderedValues, valueLabel } from './facets';
import type { FacetSelection } from './filters';
import { count } from './format';
import type { FacetCounts } from './facetTally';

export interface FacetPanelOptions {
  readonly onChange: (selection: Record<string, string[]>) => void;
}

/**
 * A compact, collapsible panel of facets: each value is a toggle button with how many rows the other
 * filters leave it. Values of one facet combine with OR, facets with AND. Automatic facets are left out in
 * blind review.
 */
export class FacetPanel {
  readonly element: HTMLElement;
  readonly toggle: HTMLButtonElement;
  private readonly body: HTMLElement;
  private readonly toggleCount = el('span', { class: 'facet-toggle-count' });
  private readonly options: FacetPanelOptions;
  private selection: FacetSelection = {};
  private dataFacets: readonly FacetDefinition[] = [];
  private language: string | undefined;
  private open = false;
  private takesVerdicts = true;
  private last: { counts: FacetCounts; known: ReadonlyMap<string, ReadonlySet<string>>; blind: boolean } | undefined;

  constructor(options: FacetPanelOptions) {
    this.options = options;
    this.body = el('div', { class: 'facet-body' });
    this.element = el('section', { class: 'facet-panel', id: 'facet-panel', 'aria-label': 'Facets', hidden: true }, [this.body]);
    this.toggle = el(
      'button',
      {
        type: 'button',
        class: 'facet-toggle',
        'aria-expanded': 'false',
        'aria-controls': 'facet-panel',
        title: 'Facets: filter by type, region, topic, verdicts…',
      },
      [icon('chevron-right', 'facet-toggle-icon'), icon('filter'), el('span', {}, 'Facets'), this.toggleCount],
    );
    this.toggle.addEventListener('click', () => this.setOpen(!this.open));
  }

  /** The run's data facets (the host's definitions) and the language its values sort in. */
  setRun(dataFacets: readonly FacetDefinition[], language: string): void {
    this.dataFacets = dataFacets;
    this.language = language === '' ? undefined : language;
  }

  /** Items that take no verdict (flags and notes only): no facet of verdicts. */
  setTakesVerdicts(takes: boolean): void {
    this.takesVerdicts = takes;
  }

  get isOpen(): boolean {
    return this.open;
  }

  setOpen(open: boolean): void {
    this.open = open;
    this.element.hidden = !open;
    this.toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    if (open && this.last !== undefined) this.render();
  }

  /** New counts, known values, choices or blind state; drawn now if the panel is open. */
  update(counts: FacetCounts, known: ReadonlyMap<string, ReadonlySet<string>>, selection: FacetSelection, blind: boolean): void {
    this.selection = selection;
    this.last = { counts, known, blind };
    const chosen = Object.values(selection).reduce((n, values) => n + values.length, 0);
    setText(this.toggleCount, chosen === 0 ? '' : String(chosen));
    this.toggle.classList.toggle('has-selection', chosen > 0);
    if (this.open) this.render();
  }

  private render(): void {
    const last = this.last;
    if (last === undefined) return;
    const focusKey =
      document.activeElement instanceof HTMLElement && this.body.contains(document.activeElement)
        ? document.activeElement.dataset['focusKey']
        : undefined;
    const groups = facetList(this.dataFacets, last.known.keys())
      .filter((f) => !(last.blind && f.automatic) && (this.takesVerdicts || f.verdict !== true))
      .flatMap((f) => {
        const values = last.known.get(f.id);
        if (values === undefined || values.size === 0) return [];
        return [this.group(f, orderedValues(f, values, this.language), last.counts.get(f.id))];
      });
    this.body.replaceChildren(...(groups.length === 0 ? [el('p', { class: 'facet-empty' }, 'No facets for this run.')] : groups));
    if (focusKey !== undefined)
      Array.from(this.body.querySelectorAll<HTMLElement>('[data-focus-key]'))
        .find((e) => e.dataset['focusKey'] === focusKey)
        ?.focus();
  }

  private group(def: FacetDef, values: readonly string[], counts: ReadonlyMap<string, number> | undefined): HTMLElement {
    const chosen = this.selection[def.id] ?? [];
    const titleId = `facet-${def.id}-title`;
    const clear = el(
      'button',
      { type: 'button', class: 'link-button facet-clear', hidden: chosen.length === 0, 'data-focus-key': `clear:${def.id}` },
      'clear',
    );
    clear.addEventListener('click', () => this.choose(def.id, []));
    return el('div', { class: 'facet-group', role: 'group', 'aria-labelledby': titleId, 'data-facet': def.id }, [
      el('div', { class: 'facet-title' }, [el('span', { id: titleId }, def.label), clear]),
      el(
        'div',
        { class: 'facet-values' },
        values.map((value) => {
          const n = counts?.get(value) ?? 0;
          const pressed = chosen.includes(value);
          const label = valueLabel(def, value);
          const button = el(
            'button',
            {
              type: 'button',
              class: `facet-value${n === 0 && !pressed ? ' is-empty' : ''}`,
              'aria-pressed': pressed ? 'true' : 'false',
              'data-value': value,
              'data-focus-key': `${def.id}:${value}`,
              'aria-label': `${def.label}: ${label}, ${count(n)} items`,
            },
            [el('span', { class: 'facet-value-label' }, label), el('span', { class: 'facet-value-count' }, count(n))],
          );
          button.addEventListener('click', () => this.choose(def.id, pressed ? chosen.filter((v) => v !== value) : [...chosen, value]));
          return button;
        }),
      ),
    ]);
  }

  private choose(facet: string, values: string[]): void {
    const next: Record<string, string[]> = {};
    for (const [id, chosen] of Object.entries(this.selection)) if (id !== facet && chosen.length > 0) next[id] = [...chosen];
    if (values.length > 0) next[facet] = values;
    this.options.onChange(next);
  }
}
