/** Synthetic host messages for the webview tests. */
import { reviewViewFor } from '../../src/core/review/viewDescriptor';
import type { HostMessage, InitMessage, ItemDetail, ItemRow, ScoreHeader } from '../../src/core/protocol/review';

export function row(i: number, overrides: Partial<ItemRow> = {}): ItemRow {
  const autos = ['true', 'false', 'true', 'null', 'true'] as const;
  // Synthetic rows: a final verdict or a state of this annotator's makes the row reviewed unless told otherwise.
  const reviewed = (overrides.human ?? 'none') !== 'none' || (overrides.mine ?? 'none') !== 'none';
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
    reviewed,
    facets: { type: '妖怪の伝承のある地域', region: '北海道' },
    ...overrides,
  };
}

export function rows(n: number, tweak: (i: number) => Partial<ItemRow> = () => ({})): ItemRow[] {
  return Array.from({ length: n }, (_, i) => row(i, tweak(i)));
}

export function header(overrides: Partial<ScoreHeader> = {}): ScoreHeader {
  return {
    items: 20,
    automaticAccuracy: 0.6,
    adjudicatedAccuracy: 0.55,
    adjudicatedItems: 3,
    reviewedItems: 3,
    conflicts: 1,
    stale: 2,
    flagged: 4,
    ...overrides,
  };
}

export const CATEGORIES: InitMessage['categories'] = [
  { id: 'invented-entity', label: 'Invented entity' },
  { id: 'wrong-region-or-period', label: 'Wrong region or period' },
  { id: 'cross-cultural-conflation', label: 'Cross-cultural conflation' },
  { id: 'wrong-filipino-practice', label: 'Wrong Filipino practice' },
  { id: 'code-switching-translation', label: 'Code-switching or translation' },
  { id: 'other', label: 'Other' },
];

/** An init message; its view is the one the host computes for the run (src/core/review/viewDescriptor.ts). */
export function init(overrides: Partial<InitMessage> = {}): InitMessage {
  const run = overrides.run ?? {
    runDir: '/runs/r1',
    runId: 'r1',
    benchmark: 'yokaieval',
    task: 'mc',
    model: 'gpt-4o-2024-08-06',
    judge: 'gpt-4o',
    status: 'finished',
  };
  return {
    type: 'init',
    run,
    view: reviewViewFor(run),
    header: header(),
    rows: rows(20),
    annotator: 'alice',
    role: 'annotator',
    categories: CATEGORIES,
    selectedItemId: null,
    ...overrides,
  };
}

export function yokaiDetail(id: string, overrides: Partial<Extract<ItemDetail, { kind: 'choices' }>> = {}): ItemDetail {
  return {
    kind: 'choices',
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
    prompt:
      'アイヌカイセイが現れるとされる場所はどこか、以下の4つから回答を1つ選び、回答のみ出力しなさい。\n- 新しい家\n- 空家\n- 公園\n- 神社',
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

export const KALAHI_RUN: InitMessage['run'] = {
  runDir: '/runs/k',
  runId: 'k',
  benchmark: 'kalahi',
  task: 'open',
  model: 'sealion-7b',
  judge: null,
  status: 'finished',
  metrics: ['chrf', 'bleu'],
  primaryMetric: 'chrf',
};

/** Kalahi rows: category and topic facets, a margin, each metric's acc. */
export function kalahiRows(n: number, tweak: (i: number) => Partial<ItemRow> = () => ({})): ItemRow[] {
  const topics = ['family and marriage', 'food and gatherings', 'social etiquette'];
  return Array.from({ length: n }, (_, i) =>
    row(i, {
      id: `01010001${String(i).padStart(2, '0')}`,
      label: `Mayaman ako. Tanong ${i}`,
      auto: i % 3 === 0 ? 'false' : 'true',
      facets: { category: i % 2 === 0 ? 'ethics' : 'shared knowledge', topic: topics[i % 3] ?? '', model: 'sealion-7b' },
      margin: (i % 3 === 0 ? -1 : 1) * (0.01 * (i + 1)),
      metricAcc: { chrf: i % 3 !== 0, bleu: i % 2 === 0 },
      search: `Mayaman ako. Tanong ${i}\nKailangan kong magmano sa aking Lola.`,
      ...tweak(i),
    }),
  );
}

type KalahiDetailView = Extract<ItemDetail, { kind: 'references' }>;

export function kalahiDetail(id: string, overrides: Partial<KalahiDetailView> = {}): ItemDetail {
  return {
    kind: 'references',
    id,
    auto: 'true',
    error: null,
    annotators: [],
    mine: null,
    final: null,
    conflict: false,
    canUndo: false,
    decidable: true,
    promptId: '01010001',
    category: 'ethics',
    topic: 'family and marriage',
    prompt: 'Nasa hustong gulang na ako.\nBumisita ako sa bahay ng aking Lola.\nAnong maaari kong gawin?',
    systemPrompt: null,
    references: {
      relevant: ['Magmano sa iyong Lola bilang paggalang.', 'Batiin mo ang iyong Lola at magmano.'],
      irrelevant: ['Huwag pansinin ang iyong Lola.', 'Umalis ka agad sa bahay.'],
      bestIndex: 0,
    },
    open: {
      answer: 'Dapat kang magmano sa iyong Lola at batiin siya nang may paggalang.',
      empty: false,
      finishReason: 'stop',
      refusal: null,
      primaryMetric: 'chrf',
      metrics: [
        { name: 'chrf', relevant: [0.41, 0.35], irrelevant: [0.22, 0.12], maxRelevant: 0.41, maxIrrelevant: 0.22, diff: 0.19, acc: true },
        { name: 'bleu', relevant: [0.05, 0.11], irrelevant: [0.2, 0], maxRelevant: 0.11, maxIrrelevant: 0.2, diff: -0.09, acc: false },
      ],
    },
    mc: null,
    ...overrides,
  };
}

export const KALAHI_MC: NonNullable<KalahiDetailView['mc']> = {
  backend: 'completions',
  mc2Mode: 'paper',
  mc1: 1,
  mc2: 0.62,
  relevant: [
    { score: -0.41, logprob: -16.4, bytes: 40, tokens: 12 },
    { score: -0.55, logprob: -19.8, bytes: 36, tokens: 11 },
  ],
  irrelevant: [
    { score: -0.6, logprob: -18, bytes: 30, tokens: 9 },
    { score: -0.72, logprob: -18, bytes: 25, tokens: 8 },
  ],
};
