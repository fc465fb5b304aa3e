import type { TextsDetail } from '../src/core/protocol/detailKinds';
import { type DetailContext, autoBadge, hiddenNotice, modelOutput, pane, subheading, textBlock } from './detailParts';
import { el } from '../webview-kit/dom';
import { gradeWords } from './gradedScale';

/** The automatic verdict, or a graded run's judge grade. */
function automatic(detail: TextsDetail, context: DetailContext): HTMLElement {
  if (context.scale === undefined || detail.grade === undefined) return autoBadge(detail.auto);
  const text = gradeWords(context.scale, detail.grade.auto);
  return el('span', { class: 'grade-badge', title: `judge: ${text}` }, text);
}

/** Any other item kind: its labelled texts beside the model's response; blind review hides the fields that show what the judge said. */
export function renderGeneric(detail: TextsDetail, context: DetailContext): HTMLElement[] {
  const hidden = context.hideAutomatic === true;
  const fields = hidden ? detail.fields.filter((field) => field.automatic !== true) : detail.fields;
  const judgeHidden = hidden && fields.length < detail.fields.length;
  const item = pane('item', 'Item', [
    context.index === undefined ? null : el('div', { class: 'item-meta' }, [el('span', { class: 'meta-index' }, `#${context.index}`)]),
    ...fields.flatMap((field) => [subheading(field.label), textBlock(field.text, context.lang)]),
    judgeHidden
      ? hiddenNotice('The judge’s grades, reflections and replies are', context.verdictSeen === true, context.scale !== undefined)
      : null,
  ]);
  const title = context.scale === undefined ? 'Automatic verdict' : 'Judge’s grade';
  const model = pane('model', 'Model output', [
    ...modelOutput(detail, context.lang),
    subheading(title, hidden ? [] : [automatic(detail, context)]),
    hidden
      ? hiddenNotice(
          `The ${context.scale === undefined ? 'automatic verdict' : 'judge’s grade'} is`,
          context.verdictSeen === true,
          context.scale !== undefined,
        )
      : null,
  ]);
  return [item, model];
}
