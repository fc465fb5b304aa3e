import type { ItemDetail } from '../src/protocol';
import { type DetailContext, autoBadge, disclosure, displayUrl, linkButton, modelOutput, pane, rawBlock, subheading, textBlock } from './detailParts';
import { el, icon, srOnly } from './dom';

type YokaiEvalDetail = Extract<ItemDetail, { kind: 'yokaieval' }>;

/** YokaiEval: the question and its four choices (gold marked) beside the model's answer and the judge's. */
export function renderYokaiEval(detail: YokaiEvalDetail, context: DetailContext): HTMLElement[] {
  const lang = 'ja';
  const answered = detail.response?.trim() ?? null;
  const goldListed = detail.choices.includes(detail.gold);
  const choices = el(
    'ul',
    { class: 'choices', 'aria-label': 'Choices' },
    detail.choices.map((choice) => {
      const gold = choice === detail.gold;
      const picked = answered !== null && choice.trim() === answered;
      return el('li', { class: `choice${gold ? ' is-gold' : ''}${picked ? ' is-picked' : ''}` }, [
        icon(gold ? 'pass-filled' : 'circle-large-outline', 'choice-icon'),
        el('span', { class: 'choice-text', lang }, choice),
        gold ? el('span', { class: 'tag tag-gold' }, 'gold answer') : null,
        picked ? el('span', { class: 'tag tag-picked' }, 'model’s answer') : null,
      ]);
    }),
  );
  const meta = el('div', { class: 'item-meta' }, [
    context.index === undefined ? null : el('span', { class: 'meta-index' }, `#${context.index}`),
    detail.type === '' ? null : el('span', { class: 'meta-chip', lang }, [srOnly('Type: '), detail.type]),
    detail.region === '' ? null : el('span', { class: 'meta-chip', lang, title: detail.region === detail.regionNormalized ? undefined : `as written: ${detail.region}` }, [srOnly('Region: '), detail.regionNormalized === '' ? detail.region : detail.regionNormalized]),
    detail.url === '' ? null : linkButton(detail.url, displayUrl(detail.url).replace(/^https?:\/\//, ''), context.openLink),
  ]);
  const refs = detail.refsDetail.filter((r): r is string => r !== null && r !== '');
  const item = pane('item', 'Question', [
    meta,
    textBlock(detail.question, lang, 'question'),
    choices,
    goldListed ? null : el('p', { class: 'gold-missing' }, [icon('pass-filled'), el('span', {}, 'Gold answer (not among the choices): '), el('span', { lang }, detail.gold)]),
    disclosure('Prompt sent to the model', [
      detail.systemPrompt === null ? null : subheading('System'),
      detail.systemPrompt === null ? null : rawBlock(detail.systemPrompt, lang, 'System prompt'),
      subheading('User'),
      rawBlock(detail.prompt, lang, 'User prompt'),
    ]),
    refs.length === 0 ? null : disclosure('References', [el('ol', { class: 'refs', lang }, refs.map((r) => el('li', {}, r)))], String(refs.length)),
  ]);
  const model = pane('model', 'Model output', [
    ...modelOutput(detail, lang),
    subheading('Judge', [autoBadge(detail.auto)]),
    detail.judgeReply === null ? el('p', { class: 'no-data' }, 'No judge reply recorded.') : rawBlock(detail.judgeReply, lang, 'Judge reply, raw'),
  ]);
  return [item, model];
}
