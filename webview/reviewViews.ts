import { AdjudicationView } from './adjudicationView';
import { FacetPanel } from './facetPanel';
import { FilterBar } from './filterBar';
import type { FilterState } from './filters';
import { FlagChooser } from './flagChooser';
import { HeaderView } from './header';
import { HelpOverlay } from './helpOverlay';
import type { DecisionChange } from './pendingDecisions';
import { ROW_HEIGHT, createRowElement } from './rowView';
import { VirtualList } from './virtualList';

/** What the review's views ask the panel to do. */
export interface ReviewViewActions {
  readonly command: (command: 'refresh' | 'export' | 'guidelines' | 'judgePrompt') => void;
  readonly openHelp: () => void;
  readonly closeHelp: () => void;
  readonly toggleBlind: () => void;
  readonly applyFilter: (change: (current: FilterState) => FilterState) => void;
  readonly leaveSearch: () => void;
  readonly persistSoon: () => void;
  readonly renderRow: (element: HTMLElement, position: number) => void;
  readonly activate: (position: number) => void;
  readonly decide: (change: DecisionChange) => void;
  readonly openFlagChooser: () => void;
  readonly closeFlagChooser: (opener: HTMLElement | null) => void;
  readonly leaveNote: () => void;
  readonly undo: () => void;
  readonly selectCriterion: (index: number) => void;
}

export interface ReviewViews {
  readonly header: HeaderView;
  readonly facetPanel: FacetPanel;
  readonly filterBar: FilterBar;
  readonly list: VirtualList;
  readonly adjudication: AdjudicationView;
  readonly flagChooser: FlagChooser;
  readonly help: HelpOverlay;
}

/** The review's views, each wired to the panel's actions. */
export function createReviewViews(a: ReviewViewActions): ReviewViews {
  const header = new HeaderView({
    onRefresh: () => a.command('refresh'),
    onExport: () => a.command('export'),
    onHelp: a.openHelp,
    onBlind: a.toggleBlind,
    onGuidelines: () => a.command('guidelines'),
    onJudgePrompt: () => a.command('judgePrompt'),
  });
  const facetPanel = new FacetPanel({ onChange: (facets) => a.applyFilter((current) => ({ ...current, facets })) });
  facetPanel.toggle.addEventListener('click', a.persistSoon);
  const filterBar = new FilterBar({
    onChange: (state) => a.applyFilter(() => state),
    onReapply: () => a.applyFilter((current) => current),
    onLeaveSearch: a.leaveSearch,
    facetToggle: facetPanel.toggle,
  });
  const list = new VirtualList({
    rowHeight: ROW_HEIGHT,
    label: 'Items',
    idPrefix: 'item-row',
    createRow: createRowElement,
    renderRow: a.renderRow,
    onActivate: a.activate,
    onScroll: a.persistSoon,
  });
  const adjudication = new AdjudicationView({
    setVerdict: (verdict) => a.decide({ verdict }),
    openFlagChooser: a.openFlagChooser,
    saveNote: (note) => a.decide({ note }),
    leaveNote: a.leaveNote,
    undo: a.undo,
    setGrade: (grade) => a.decide({ grade }),
    selectCriterion: a.selectCriterion,
  });
  const flagChooser = new FlagChooser({ onPick: (category) => a.decide({ hallucination: category }), onClose: a.closeFlagChooser });
  adjudication.flagAnchor.append(flagChooser.element);
  const help = new HelpOverlay({ onClose: a.closeHelp });
  return { header, facetPanel, filterBar, list, adjudication, flagChooser, help };
}
