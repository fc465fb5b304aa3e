import type { ChoicesDetail } from '../src/core/protocol/detailKinds';
import {
  type DetailContext,
  autoBadge,
  disclosure,
  displayUrl,
  hiddenNotice,
  linkButton,
  linkifiedText,
  modelOutput,
  pane,
  rawBlock,
  subheading,
  textBlock,
} from './detailParts';
import { el, icon, srOnly } from '../webview-kit/dom';

/** refs_detail entries start with Wikipedia's back-links ("^ a b"): not part of the reference. */
const BACKLINKS = /^\^(?:\s+[a-z]{1,2})*\s+/u;

/** YokaiEval: the question and its four choices (gold marked) beside the model's answer and the judge's. */
export function renderChoices(detail: ChoicesDetail, context: DetailContext): HTMLElement[] {
  const lang = context.lang;
  const hidden = context.hideAutomatic === true;
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
        el('span', { class: 'choice-text searchable', lang }, choice),
        gold ? el('span', { class: 'tag tag-gold' }, 'gold answer') : null,
        picked ? el('span', { class: 'tag tag-picked' }, 'model’s answer') : null,
      ]);
    }),
  );
  const meta = el('div', { class: 'item-meta' }, [
    context.index === undefined ? null : el('span', { class: 'meta-index' }, `#${context.index}`),
    detail.type === '' ? null : el('span', { class: 'meta-chip', lang }, [srOnly('Type: '), detail.type]),
    detail.region === ''
      ? null
      : el(
          'span',
          { class: 'meta-chip', lang, title: detail.region === detail.regionNormalized ? undefined : `as written: ${detail.region}` },
          [srOnly('Region: '), detail.regionNormalized === '' ? detail.region : detail.regionNormalized],
        ),
    detail.url === '' ? null : linkButton(detail.url, displayUrl(detail.url).replace(/^https?:\/\//, ''), context.openLink),
  ]);
  const gloss = detail.gloss ?? null;
  const refs = detail.refsDetail.filter((r): r is string => r !== null && r !== '');
  const item = pane('item', 'Question', [
    meta,
    textBlock(detail.question, lang, 'question searchable'),
    gloss === null ? null : glossDisclosure(gloss, context),
    choices,
    goldListed
      ? null
      : el('p', { class: 'gold-missing' }, [
          icon('pass-filled'),
          el('span', {}, 'Gold answer (not among the choices): '),
          el('span', { lang }, detail.gold),
        ]),
    sources(detail, refs, context),
    disclosure('Prompt sent to the model', [
      detail.systemPrompt === null ? null : subheading('System'),
      detail.systemPrompt === null ? null : rawBlock(detail.systemPrompt, lang, 'System prompt'),
      subheading('User'),
      rawBlock(detail.prompt, lang, 'User prompt'),
    ]),
  ]);
  const judgePrompt = detail.judgePrompt ?? null;
  const output = modelOutput(detail, lang);
  for (const part of output) if (part.classList.contains('response')) part.classList.add('searchable');
  const model = pane('model', 'Model output', [
    ...output,
    subheading('Judge', hidden ? [] : [autoBadge(detail.auto)]),
    hidden
      ? hiddenNotice('The judge’s verdict and reply are', context.verdictSeen === true)
      : detail.judgeReply === null
        ? el('p', { class: 'no-data' }, 'No judge reply recorded.')
        : rawBlock(detail.judgeReply, lang, 'Judge reply, raw'),
    hidden || judgePrompt === null ? null : disclosure('Judge prompt as sent', [rawBlock(judgePrompt, lang, 'Judge prompt')]),
  ]);
  return [item, model];
}

/**
 * The English gloss, folded by default so the choices and the gold answer stay in view; opened or closed, it
 * stays so for the next items (the panel keeps the choice).
 */
function glossDisclosure(gloss: string, context: DetailContext): HTMLElement {
  const details = el('details', { class: 'gloss', 'aria-label': 'English gloss' }, [
    el('summary', { class: 'gloss-caption' }, [
      icon('chevron-right', 'disclosure-icon'),
      icon('globe'),
      el('span', {}, 'English gloss'),
      el('span', { class: 'gloss-source' }, 'YokaiEval-en.csv (the authors’ translation; decide on the Japanese)'),
    ]),
    textBlock(gloss, 'en', 'gloss-text searchable'),
  ]);
  if (context.glossOpen === true) details.setAttribute('open', '');
  details.addEventListener('toggle', () => context.onGlossToggle?.(details.hasAttribute('open')));
  return details;
}

/** The item's Wikipedia article and the references it cites; links ask before they open. */
function sources(detail: ChoicesDetail, refs: readonly string[], context: DetailContext): HTMLElement | null {
  if (refs.length === 0 && detail.url === '') return null;
  return disclosure(
    'Sources',
    [
      detail.url === ''
        ? null
        : el('p', { class: 'source-article' }, [
            el('span', { class: 'source-label' }, 'Article: '),
            linkButton(detail.url, displayUrl(detail.url), context.openLink),
          ]),
      refs.length === 0
        ? null
        : el(
            'ol',
            { class: 'refs', lang: 'ja' },
            refs.map((r) => el('li', { class: 'searchable' }, linkifiedText(r.replace(BACKLINKS, ''), context.openLink))),
          ),
    ],
    String(refs.length + (detail.url === '' ? 0 : 1)),
  );
}
