import type { ItemDetail } from '../src/core/protocol/review';
import { type BadgeValue, verdictBadge } from './badges';
import { type Child, el, icon } from '../webview-kit/dom';
import type { GradedScale } from './gradedScale';

/** The references pane's view state: which score it shows, which reference the answer is compared with. */
export interface ReferencesViewState {
  /** A metric name, or 'mc' for the normalized log-probs; null: the default. */
  readonly measure: string | null;
  /** 'relevant:2', 'irrelevant:0'; null: the default. */
  readonly compare: string | null;
}

/** What every detail renderer gets besides the detail. */
export interface DetailContext {
  /** BCP 47 language of the dataset's texts ('ja' for YokaiEval, 'fil' for Kalahi), '' when unknown. */
  readonly lang: string;
  /** The item's position in the dataset, when the list knows it. */
  readonly index: number | undefined;
  readonly openLink: (url: string) => void;
  /** Blind review of an undecided item: the automatic verdict, the judge's reply and the scores stay hidden. */
  readonly hideAutomatic?: boolean;
  /** The automatic verdict was shown earlier in this panel (before blind review was turned on). */
  readonly verdictSeen?: boolean;
  readonly references?: ReferencesViewState;
  /** YokaiEval: whether the English gloss starts unfolded (folded by default). */
  readonly glossOpen?: boolean;
  readonly onGlossToggle?: (open: boolean) => void;
  readonly onReferencesChange?: (change: Partial<ReferencesViewState>) => void;
  /** A graded run's scale: grades are shown in its words. */
  readonly scale?: GradedScale | undefined;
}

/** A pane of the side-by-side detail, titled. */
export function pane(name: string, title: string, children: readonly Child[]): HTMLElement {
  const headingId = `pane-${name}-title`;
  return el('section', { class: `pane pane-${name}`, 'aria-labelledby': headingId }, [
    el('h2', { class: 'pane-title', id: headingId }, title),
    ...children,
  ]);
}

export function subheading(text: string, extra: readonly Child[] = []): HTMLElement {
  return el('h3', { class: 'subheading' }, [text, ...extra]);
}

/** A paragraph of data, as text (white space kept), in the dataset's language. */
export function textBlock(text: string, lang: string, className = 'text'): HTMLElement {
  return el(
    'div',
    { class: `text-block ${className}`, lang: lang === '' ? undefined : lang },
    text === '' ? [el('span', { class: 'empty' }, '(empty)')] : [text],
  );
}

/** Raw text, monospace: prompts and judge replies exactly as sent and received. */
export function rawBlock(text: string, lang: string, label: string): HTMLElement {
  return el(
    'pre',
    { class: 'raw', lang: lang === '' ? undefined : lang, 'aria-label': label, tabindex: 0 },
    text === '' ? [el('span', { class: 'empty' }, '(empty)')] : [text],
  );
}

export function callout(kind: 'error' | 'warning' | 'info', iconName: string, title: string, body: readonly Child[]): HTMLElement {
  return el('div', { class: `callout callout-${kind}`, role: kind === 'error' ? 'group' : undefined }, [
    el('div', { class: 'callout-title' }, [icon(iconName), el('span', {}, title)]),
    ...body,
  ]);
}

/** The model's output: the response, a content-filter refusal, an error, or nothing. */
export function modelOutput(
  detail: Pick<ItemDetail, 'error' | 'auto'> & { response: string | null; refusal?: string | null },
  lang: string,
): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (detail.refusal !== undefined && detail.refusal !== null) {
    parts.push(
      callout('warning', 'shield', 'Refused by the content filter', [
        el('p', { class: 'callout-text' }, 'The provider refused to answer; the refusal counts as a wrong answer.'),
        textBlock(detail.refusal, lang, 'refusal-text'),
      ]),
    );
  }
  if (detail.response !== null) parts.push(textBlock(detail.response, lang, 'response'));
  else if (detail.refusal === undefined || detail.refusal === null) {
    if (detail.error === null || detail.error.stage !== 'model') parts.push(el('p', { class: 'no-data' }, 'No response recorded.'));
  }
  if (detail.error !== null) parts.push(errorCallout(detail.error));
  return parts;
}

export function errorCallout(error: { stage: string; kind: string; message: string }): HTMLElement {
  return callout('error', 'error', `Error in the ${error.stage} stage`, [
    el('dl', { class: 'facts' }, [el('dt', {}, 'Stage'), el('dd', {}, error.stage), el('dt', {}, 'Kind'), el('dd', {}, error.kind)]),
    rawBlock(error.message, '', 'Error message'),
  ]);
}

/** The automatic verdict, beside a heading that already says whose it is. */
export function autoBadge(auto: BadgeValue, who = 'judge'): HTMLElement {
  return verdictBadge(auto, who, { showWho: false });
}

/**
 * Stands in for what blind review hides until the annotator has decided; says so when the verdict was already
 * shown, since the decision is then recorded as not blind.
 */
export function hiddenNotice(what: string, seen = false, graded = false): HTMLElement {
  const keys = graded ? 'the number keys or n' : 't, f or n';
  return el('div', { class: 'blind-notice-group' }, [
    el('p', { class: 'blind-notice' }, [
      icon('eye-closed'),
      el('span', {}, `${what} hidden until you decide (blind review: ${keys}; b turns it off).`),
    ]),
    seen
      ? el('p', { class: 'blind-seen', role: 'note' }, [
          icon('warning'),
          el('span', {}, 'You saw this item’s automatic verdict before blind review was on: your decision on it is recorded as not blind.'),
        ])
      : null,
  ]);
}

/** Text with its http(s) URLs as link buttons (the host asks before opening them); never parsed as markup. */
export function linkifiedText(text: string, openLink: (url: string) => void): Child[] {
  const parts: Child[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'」』）)]+/g)) {
    const url = match[0].replace(/[.,;:。、]+$/u, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(linkButton(url, displayUrl(url), openLink));
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A link the webview never follows itself: the host asks before opening it. */
export function linkButton(url: string, text: string, openLink: (url: string) => void): HTMLElement {
  const button = el('button', { type: 'button', class: 'link-button', title: `Open ${url} (asks first)` }, [
    icon('link-external'),
    el('span', { class: 'link-text' }, text),
  ]);
  button.addEventListener('click', () => openLink(url));
  return button;
}

/** A URL shown readably (percent-escapes decoded), or as it is when it does not decode. */
export function displayUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** A disclosure (native details/summary: keyboard and screen-reader support for free). */
export function disclosure(title: string, children: readonly Child[], description = ''): HTMLElement {
  return el('details', { class: 'disclosure' }, [
    el('summary', {}, [
      icon('chevron-right', 'disclosure-icon'),
      el('span', { class: 'disclosure-title' }, title),
      description === '' ? null : el('span', { class: 'disclosure-description' }, description),
    ]),
    el('div', { class: 'disclosure-body' }, children),
  ]);
}
