/** Synthetic host messages for the webview tests. */
import type { HostMessage, InitMessage, ItemDetail, ItemRow, ScoreHeader } from '../../src/protocol';

export function row(i: number, overrides: Partial<ItemRow> = {}): ItemRow {
  const autos = ['true', 'false', 'true', 'null', 'true'] as const;
  return {
    id: String(i),
    index: i,
    label: `問題 ${i}: この妖怪はどこに現れるか`,
    auto: autos[i % autos.length] ?? 'true',
    human: 'none',
    mine: 'none',
    flagged: false,
    stale: false,
    conflict: false,
    disagreement: false,
    facets: { type: '妖怪の伝承のある地域', region: '北海道' },
    ...overrides,
  };
}

export function rows(n: number, tweak: (i: number) => Partial<ItemRow> = () => ({})): ItemRow[] {
  return Array.from({ length: n }, (_, i) => row(i, tweak(i)));
}

export function header(overrides: Partial<ScoreHeader> = {}): ScoreHeader {
  return { items: 20, automaticAccuracy: 0.6, adjudicatedAccuracy: 0.55, adjudicatedItems: 3, conflicts: 1, stale: 2, flagged: 4, ...overrides };
}

export const CATEGORIES: InitMessage['categories'] = [
  { id: 'invented-entity', label: 'Invented entity' },
  { id: 'wrong-region-or-period', label: 'Wrong region or period' },
  { id: 'cross-cultural-conflation', label: 'Cross-cultural conflation' },
  { id: 'wrong-filipino-practice', label: 'Wrong Filipino practice' },
  { id: 'code-switching-translation', label: 'Code-switching or translation' },
  { id: 'other', label: 'Other' },
];

export function init(overrides: Partial<InitMessage> = {}): InitMessage {
  return {
    type: 'init',
    run: { runDir: '/runs/r1', runId: 'r1', benchmark: 'yokaieval', task: 'mc', model: 'gpt-4o-2024-08-06', judge: 'gpt-4o', status: 'finished' },
    header: header(),
    rows: rows(20),
    annotator: 'alice',
    role: 'annotator',
    categories: CATEGORIES,
    selectedItemId: null,
    ...overrides,
  };
}

export function yokaiDetail(id: string, overrides: Partial<Extract<ItemDetail, { kind: 'yokaieval' }>> = {}): ItemDetail {
  return {
    kind: 'yokaieval',
    id,
    auto: 'true',
    error: null,
    annotators: [],
    mine: null,
    final: null,
    conflict: false,
    canUndo: false,
    question: 'アイヌカイセイが現れるとされる場所はどこか、以下の4つから回答を1つ選び、回答のみ出力しなさい。',
    choices: ['新しい家', '空家', '公園', '神社'],
    gold: '空家',
    prompt: 'アイヌカイセイが現れるとされる場所はどこか、以下の4つから回答を1つ選び、回答のみ出力しなさい。\n- 新しい家\n- 空家\n- 公園\n- 神社',
    systemPrompt: null,
    response: '空家',
    refusal: null,
    judgeReply: 'true',
    type: '妖怪の伝承のある地域',
    region: '北海道',
    regionNormalized: '北海道',
    url: 'https://ja.wikipedia.org/wiki/%E3%82%A2%E3%82%A4%E3%83%8C%E3%82%AB%E3%82%A4%E3%82%BB%E3%82%A4',
    refsDetail: ['村上健司 編著 『日本妖怪大事典』 角川書店 、2005年、4頁。'],
    ...overrides,
  };
}

export function item(detail: ItemDetail): HostMessage {
  return { type: 'item', detail };
}
