import type { ItemDetail, KalahiDetail, KalahiMetricView } from './protocol';

/**
 * The details by what they show, for the webview: a question with choices, a prompt with references, texts.
 * (The wire's `kind` values predate these names and stay, for the logs and tests that read them.)
 */
export type ChoicesDetail = Extract<ItemDetail, { kind: 'yokaieval' }>;
export type ReferencesDetail = KalahiDetail;
export type TextsDetail = Extract<ItemDetail, { kind: 'generic' }>;
export type DetailShape = { readonly shape: 'choices'; readonly detail: ChoicesDetail } | { readonly shape: 'references'; readonly detail: ReferencesDetail } | { readonly shape: 'texts'; readonly detail: TextsDetail };

export function detailShape(detail: ItemDetail): DetailShape {
  switch (detail.kind) {
    case 'yokaieval':
      return { shape: 'choices', detail };
    case 'kalahi':
      return { shape: 'references', detail };
    case 'generic':
      return { shape: 'texts', detail };
  }
}

export function asReferencesDetail(detail: ItemDetail | undefined): ReferencesDetail | undefined {
  return detail?.kind === 'kalahi' ? detail : undefined;
}

export type ReferenceMetricView = KalahiMetricView;
