import { el, icon, srOnly } from '../webview-kit/dom';

/** Every value a verdict badge shows: automatic outcomes, human verdicts and this annotator's states. */
export type BadgeValue = 'true' | 'false' | 'null' | 'error' | 'missing' | 'none' | 'skipped';

interface Look {
  readonly icon: string;
  readonly text: string;
}

const LOOKS: Readonly<Record<BadgeValue, Look>> = {
  true: { icon: 'check', text: 'true' },
  false: { icon: 'close', text: 'false' },
  null: { icon: 'question', text: 'null' },
  error: { icon: 'error', text: 'error' },
  missing: { icon: 'circle-slash', text: 'missing' },
  none: { icon: 'dash', text: 'none' },
  skipped: { icon: 'debug-step-over', text: 'no decision' },
};

/** A JSON verdict (or no key) as a badge value. */
export function verdictValue(verdict: boolean | null | undefined): BadgeValue {
  if (verdict === undefined) return 'skipped';
  if (verdict === null) return 'null';
  return verdict ? 'true' : 'false';
}

/**
 * A verdict badge: an icon and the verdict as text (never colour alone), with who said it as a caption and
 * in the accessible text ("Judge: false").
 */
export function verdictBadge(value: BadgeValue, who: string, options: { showWho?: boolean } = {}): HTMLSpanElement {
  const look = LOOKS[value];
  const showWho = options.showWho ?? true;
  return el('span', { class: `badge verdict-${value}`, title: `${who}: ${look.text}` }, [
    showWho ? el('span', { class: 'badge-who', 'aria-hidden': 'true' }, who) : null,
    icon(look.icon, 'badge-icon'),
    srOnly(`${who}: `),
    el('span', { class: 'badge-text' }, look.text),
  ]);
}

/** A small marker (flagged, stale, conflict...): an icon with a tooltip, read as text by screen readers. */
export function marker(name: string, iconName: string, text: string): HTMLSpanElement {
  return el('span', { class: `marker marker-${name}`, title: text }, [icon(iconName), srOnly(text)]);
}

/** A badge that is not a verdict: blind review's "hidden", a multiple-choice item's "MC". */
export function plainBadge(name: string, iconName: string, text: string, spoken: string): HTMLSpanElement {
  return el('span', { class: `badge badge-${name}`, title: spoken }, [
    icon(iconName, 'badge-icon'),
    srOnly(`${spoken}: `),
    el('span', { class: 'badge-text', 'aria-hidden': 'true' }, text),
  ]);
}
