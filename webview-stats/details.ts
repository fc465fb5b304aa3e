import { el } from '../webview-kit/dom';
import { type StatsReport, type StatsView } from '../src/core/protocol/stats';
import { count } from './format';

function table(caption: string, header: readonly string[], rows: readonly (readonly string[])[], className: string): HTMLTableElement {
  return el('table', { class: `data-table ${className}` }, [
    el('caption', { class: 'sr-only' }, caption),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        header.map((h) => el('th', { scope: 'col' }, h)),
      ),
    ),
    el(
      'tbody',
      {},
      rows.map((row) =>
        el(
          'tr',
          {},
          row.map((cell, i) => (i === 0 ? el('th', { scope: 'row' }, cell) : el('td', {}, cell))),
        ),
      ),
    ),
  ]);
}

function block(key: string, title: string, children: readonly (Node | null)[]): HTMLElement {
  return el('section', { class: `card detail-${key}` }, [el('h2', { class: 'card-title' }, title), ...children]);
}

/** What qualifies the figures: the estimate's strata and notes, stability flips, conflicts, overrides, log problems. */
export function detailCards(report: StatsReport, view: StatsView): HTMLElement[] {
  const { adjudicated, stability, conflicts, problems } = report;
  const estimate = adjudicated.estimate;
  const out: HTMLElement[] = [];

  out.push(
    block('estimate', 'Estimate', [
      estimate.strata.length > 0
        ? table(
            'Strata of the accuracy estimate',
            ['stratum (automatic)', 'items', 'human verdicts', 'human true'],
            estimate.strata.map((h) => [h.stratum, String(h.population), String(h.labeled), String(h.positives)]),
            'strata-table',
          )
        : null,
      estimate.notes.length > 0
        ? el(
            'ul',
            { class: 'notes' },
            estimate.notes.map((n) => el('li', {}, n)),
          )
        : el('p', { class: 'muted' }, 'No caveats.'),
    ]),
  );

  const overrides = Object.entries(adjudicated.overrides).sort(([, a], [, b]) => b - a);
  out.push(
    block('overrides', 'Overrides', [
      overrides.length > 0
        ? table(
            'Items whose final human verdict differs from the automatic one',
            ['automatic → human', 'items'],
            overrides.map(([direction, n]) => [direction.replace('->', ' → '), String(n)]),
            'overrides-table',
          )
        : el('p', { class: 'muted' }, 'No human verdict differs from the automatic one.'),
    ]),
  );

  if (stability !== null) {
    out.push(
      block('stability', view.stability?.title ?? 'Stability', [
        el('p', {}, `${stability.flipped} of ${count(stability.items, 're-asked item')} flipped with k = ${stability.k} more asks.`),
        stability.flippedItems.length > 0
          ? el(
              'ul',
              { class: 'item-list' },
              stability.flippedItems.map((id) => el('li', {}, `#${id}`)),
            )
          : null,
      ]),
    );
  }

  if (conflicts.length > 0) {
    const annotators = [...new Set(conflicts.flatMap((c) => Object.keys(c.verdicts)))].sort();
    out.push(
      block('conflicts', `Conflicts (${conflicts.length})`, [
        el('p', { class: 'muted' }, 'Annotators disagree and no adjudicator has settled these items.'),
        table(
          'Conflicting items',
          ['item', 'automatic', ...annotators],
          conflicts.map((c) => [`#${c.itemId}`, c.automatic, ...annotators.map((a) => c.verdicts[a] ?? '—')]),
          'conflicts-table',
        ),
      ]),
    );
  }

  if (problems.length > 0) {
    out.push(
      block('problems', 'Problems in adjudications.jsonl', [
        el(
          'ul',
          { class: 'notes' },
          problems.map((p) => el('li', {}, `line ${p.line}: ${p.message}`)),
        ),
      ]),
    );
  }
  return out;
}
