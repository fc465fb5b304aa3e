import type { CriterionView, Decision } from '../src/core/protocol/review';
import { el, icon } from '../webview-kit/dom';
import { type Grade, type GradedScale, gradeWords, shortNumber } from './gradedScale';

export interface CriteriaShowOptions {
  readonly scale: GradedScale;
  /** This annotator's state on a criterion as shown (maybe an unconfirmed one). */
  readonly mine: (criterion: CriterionView) => Decision | null;
  /** Blind review hides this criterion's judge level and reflection (not decided yet). */
  readonly hidden: (criterion: CriterionView) => boolean;
  /** The item's grade: the judge's aggregate and the final human one; hidden: blind review hides the judge's. */
  readonly item: { readonly auto: Grade; readonly human: Grade | undefined; readonly hidden: boolean } | undefined;
}

/** A grade's badge; `mean`: an aggregate over criteria, shown as a number even where it equals a level's value. */
function grade(scale: GradedScale, value: Grade | undefined, who: string, extraClass = '', mean = false): HTMLElement {
  const text = value === undefined ? '—' : mean && value !== null ? shortNumber(value) : gradeWords(scale, value);
  return el('span', { class: `grade-badge ${extraClass}`, title: `${who}: ${text}` }, [
    el('span', { class: 'grade-who' }, `${who} `),
    el('span', { class: 'grade-text' }, text),
  ]);
}

function hiddenBadge(who: string): HTMLElement {
  return el('span', { class: 'grade-badge is-hidden', title: `${who}: hidden until you decide` }, [
    icon('eye-closed'),
    el('span', { class: 'grade-who' }, ` ${who} `),
    el('span', { class: 'grade-text' }, 'hidden'),
  ]);
}

/**
 * An item's criteria, one per row: its index as the source numbers it, what it asks, the judge's level and
 * reflection, the final human level and this annotator's; one criterion is selected (the number keys decide
 * it; [ and ] move), its raw judge reply shown on request (r).
 */
export class CriteriaView {
  readonly element = el('section', { class: 'criteria', 'aria-labelledby': 'criteria-title', hidden: true });
  private readonly title = el('h3', { class: 'subheading criteria-title', id: 'criteria-title' });
  private readonly aggregate = el('p', { class: 'criteria-aggregate' });
  private readonly list = el('ol', { class: 'criteria-list', 'aria-label': 'Criteria' });
  private itemId: string | null = null;
  private count = 0;
  private selectedIndex = 0;
  private rawOpen = false;

  constructor(private readonly onSelect: (index: number) => void) {
    this.element.append(this.title, this.aggregate, this.list);
  }

  get selected(): number {
    return this.selectedIndex;
  }

  get size(): number {
    return this.count;
  }

  get showsRaw(): boolean {
    return this.rawOpen;
  }

  /** Nothing to show: the item has no criteria (or is loading). */
  hide(): void {
    this.element.hidden = true;
    this.count = 0;
  }

  /** Selects a criterion (clamped); returns whether the selection moved. */
  select(index: number): boolean {
    const next = Math.max(0, Math.min(this.count - 1, index));
    if (next === this.selectedIndex) return false;
    this.selectedIndex = next;
    return true;
  }

  toggleRaw(): boolean {
    this.rawOpen = !this.rawOpen;
    return this.rawOpen;
  }

  show(itemId: string, criteria: readonly CriterionView[], options: CriteriaShowOptions): void {
    if (itemId !== this.itemId) {
      // A new item: the first criterion without a decision of this annotator is selected, its raw reply folded.
      const open = criteria.findIndex((c) => options.mine(c)?.grade === undefined);
      this.selectedIndex = open < 0 ? 0 : open;
      this.rawOpen = false;
      this.itemId = itemId;
    }
    this.count = criteria.length;
    this.selectedIndex = Math.min(this.selectedIndex, Math.max(0, criteria.length - 1));
    this.element.hidden = criteria.length === 0;
    const decided = criteria.filter((c) => options.mine(c)?.grade !== undefined).length;
    this.title.replaceChildren(
      `Criteria · ${decided} of ${criteria.length} decided by you`,
      el('span', { class: 'criteria-keys' }, ' · [ and ] move · r raw reply'),
    );
    const item = options.item;
    this.aggregate.replaceChildren(
      ...(item === undefined
        ? []
        : [
            el('span', {}, 'Item (mean of its criteria): '),
            item.hidden ? hiddenBadge('judge') : grade(options.scale, item.auto, 'judge', '', true),
            ' ',
            grade(options.scale, item.human, 'human', 'is-human', true),
          ]),
    );
    this.list.replaceChildren(...criteria.map((c, i) => this.row(c, i, options)));
  }

  /** The selected criterion's element (to scroll into view). */
  get selectedElement(): HTMLElement | null {
    return this.list.querySelector<HTMLElement>('.criterion.is-selected');
  }

  private row(c: CriterionView, index: number, options: CriteriaShowOptions): HTMLElement {
    const selected = index === this.selectedIndex;
    const hidden = options.hidden(c);
    const mine = options.mine(c);
    const mineText = mine === null ? 'not decided' : mine.grade === undefined ? 'no decision' : gradeWords(options.scale, mine.grade);
    const item = el(
      'li',
      {
        class: `criterion${selected ? ' is-selected' : ''}${c.conflict ? ' is-conflict' : ''}`,
        'aria-current': selected ? 'true' : undefined,
        'data-criterion': c.id,
      },
      [
        el('div', { class: 'criterion-head' }, [
          el('span', { class: 'criterion-index', title: 'Criterion number as the source numbers it' }, c.id),
          el('span', { class: 'criterion-text' }, c.text),
        ]),
        el('div', { class: 'criterion-grades' }, [
          hidden ? hiddenBadge('judge') : grade(options.scale, c.judge.grade, 'judge', 'is-judge'),
          hidden || c.judge.level === null || c.judge.grade !== null
            ? null
            : el('span', { class: 'criterion-level-raw', title: 'The class as the judge wrote it' }, `wrote “${c.judge.level}”`),
          grade(options.scale, c.final?.grade, 'human', 'is-human'),
          el('span', { class: 'grade-badge is-mine', title: `you: ${mineText}` }, [
            el('span', { class: 'grade-who' }, 'you '),
            el('span', { class: 'grade-text' }, mineText),
          ]),
          c.conflict ? el('span', { class: 'tag' }, [icon('warning'), 'conflict']) : null,
        ]),
        hidden || c.judge.reasoning === null ? null : el('p', { class: 'criterion-reasoning' }, c.judge.reasoning),
        selected && this.rawOpen && !hidden
          ? el(
              'pre',
              { class: 'raw criterion-raw', 'aria-label': `Judge's raw reply on criterion ${c.id}`, tabindex: 0 },
              c.judge.reply ?? '(no reply)',
            )
          : null,
      ],
    );
    item.addEventListener('click', () => this.onSelect(index));
    return item;
  }
}
