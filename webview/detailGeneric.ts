import type { TextsDetail } from '../src/protocolDetails';
import { type DetailContext, autoBadge, hiddenNotice, modelOutput, pane, subheading, textBlock } from './detailParts';
import { el } from '../webview-kit/dom';

/** Any other item kind: its labelled texts beside the model's response. */
export function renderGeneric(detail: TextsDetail, context: DetailContext): HTMLElement[] {
  const item = pane('item', 'Item', [
    context.index === undefined ? null : el('div', { class: 'item-meta' }, [el('span', { class: 'meta-index' }, `#${context.index}`)]),
    ...detail.fields.flatMap((field) => [subheading(field.label), textBlock(field.text, context.lang)]),
  ]);
  const hidden = context.hideAutomatic === true;
  const model = pane('model', 'Model output', [...modelOutput(detail, context.lang), subheading('Automatic verdict', hidden ? [] : [autoBadge(detail.auto)]), hidden ? hiddenNotice('The automatic verdict is', context.verdictSeen === true) : null]);
  return [item, model];
}
