import type { ItemDetail, ReferencesDetail } from './review';

export type { ReferenceMetricView, ReferencesDetail } from './review';
export type ChoicesDetail = Extract<ItemDetail, { kind: 'choices' }>;
export type TextsDetail = Extract<ItemDetail, { kind: 'texts' }>;

export function asReferencesDetail(detail: ItemDetail | undefined): ReferencesDetail | undefined {
  return detail?.kind === 'references' ? detail : undefined;
}
