import type { Announcer } from '../webview-kit/announcer';
import type { AdjudicationView } from './adjudicationView';
import type { DetailPresenter } from './detailPresenter';
import type { FilterBar } from './filterBar';
import type { KeyActions } from './keyboard';
import { ROW_HEIGHT } from './rowView';
import type { ReviewStore } from './store';
import type { VirtualList } from './virtualList';
import type { ItemRow } from '../src/core/protocol/review';
import type { DecisionChange } from './pendingDecisions';
import { levelOfKey } from './gradedScale';

/** What the keys act on. */
export interface ReviewKeyTargets {
  readonly store: ReviewStore;
  readonly list: VirtualList;
  readonly filterBar: FilterBar;
  readonly adjudication: AdjudicationView;
  readonly detail: DetailPresenter;
  readonly announcer: Announcer;
  readonly select: (row: ItemRow) => void;
  readonly decide: (change: DecisionChange) => void;
  readonly openFlagChooser: () => void;
  readonly undo: () => void;
  readonly openHelp: () => void;
  readonly toggleBlind: () => void;
  readonly command: (command: 'guidelines' | 'judgePrompt') => void;
}

/** Rows a page key moves: the list's visible rows less one. */
function pageSize(list: VirtualList): number {
  const height = list.element.clientHeight;
  return Math.max(1, Math.floor((height > 0 ? height : 720) / ROW_HEIGHT) - 1);
}

/** The review's key bindings (webview/keyboard.ts) bound to the panel. */
export function reviewKeyActions(t: ReviewKeyTargets): KeyActions {
  const moveTo = (row: ItemRow | undefined): void => {
    if (row !== undefined) t.select(row);
  };
  return {
    next: () => moveTo(t.store.step(1)),
    previous: () => moveTo(t.store.step(-1)),
    first: () => moveTo(t.store.first()),
    last: () => moveTo(t.store.last()),
    pageDown: () => moveTo(t.store.step(pageSize(t.list))),
    pageUp: () => moveTo(t.store.step(-pageSize(t.list))),
    nextUndecided: () => {
      const next = t.store.nextUndecided();
      if (next === undefined) {
        t.announcer.announce('Every item in the list has a decision of yours.');
        return;
      }
      moveTo(next.row);
      if (next.wrapped) t.announcer.announce('Wrapped to the top of the list.');
    },
    verdict: (verdict) => {
      const scale = t.detail.scale;
      if (scale === undefined) t.decide({ verdict });
      else if (verdict === null) t.decide({ grade: null });
      else
        t.announcer.announce(
          `This run takes grades, not true or false: ${scale.kind === 'ordinal' ? `keys 1 to ${String(Math.min(10, scale.levels.length) % 10)}` : 'type a value'}, n for null.`,
        );
    },
    skip: () => t.decide(t.detail.scale === undefined ? { verdict: undefined } : { grade: undefined }),
    level: (key) => {
      const scale = t.detail.scale;
      if (scale === undefined) {
        t.announcer.announce('This run takes verdicts: t, f or n.');
        return;
      }
      if (scale.kind === 'numeric') {
        if (!t.adjudication.gradeBar.focusInput(key)) t.announcer.announce('The item is still loading.');
        return;
      }
      const index = levelOfKey(scale, key);
      const level = index === undefined ? undefined : scale.levels[index];
      if (level === undefined)
        t.announcer.announce(`This scale has ${String(scale.levels.length)} levels: keys 1 to ${String(scale.levels.length % 10)}.`);
      else t.decide({ grade: level.value });
    },
    criterion: (delta) => t.detail.moveCriterion(delta),
    rawReply: () => t.detail.toggleRaw(),
    flag: () => t.openFlagChooser(),
    note: () => {
      if (t.adjudication.isReady) t.adjudication.focusNote();
      else t.announcer.announce('The item is still loading.');
    },
    undo: () => t.undo(),
    help: () => t.openHelp(),
    search: () => t.filterBar.focusSearch(),
    blind: () => t.toggleBlind(),
    guidelines: () => t.command('guidelines'),
    judgePrompt: () => t.command('judgePrompt'),
    measure: (delta) => t.detail.cycleMeasure(delta),
    compare: (delta) => t.detail.cycleCompare(delta),
  };
}
