import { el, icon } from '../webview-kit/dom';
import { textBlock } from './detailParts';

/** Prompts longer than this many display lines (about 45 characters each, a narrow column) start clamped. */
const CLAMP_LINES = 4;
const CHARS_PER_LINE = 45;

/** How many lines a text takes at about CHARS_PER_LINE characters a line (a layout-free estimate). */
export function displayLines(text: string): number {
  return text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
}

/**
 * A long prompt in a bounded box of its own (scrollable, focusable) with a "Show all" button, so the answer and
 * its verdict below it stay in view; a short prompt as it is.
 */
export function clampedPrompt(text: string, lang: string): HTMLElement {
  const block = textBlock(text, lang, 'prompt searchable');
  const lines = displayLines(text);
  if (lines <= CLAMP_LINES) return el('div', { class: 'prompt-clamp' }, [block]);
  block.id = 'kalahi-prompt-text';
  block.setAttribute('tabindex', '0');
  block.setAttribute('role', 'region');
  block.setAttribute('aria-label', 'Prompt (scrolls)');
  const label = el('span', {}, `Show all (${lines} lines)`);
  const toggle = el('button', { type: 'button', class: 'link-button prompt-toggle', 'aria-expanded': 'false', 'aria-controls': block.id }, [
    icon('chevron-down', 'prompt-toggle-icon'),
    label,
  ]);
  const box = el('div', { class: 'prompt-clamp is-long' }, [block, toggle]);
  toggle.addEventListener('click', () => {
    const expanded = !box.classList.contains('is-expanded');
    box.classList.toggle('is-expanded', expanded);
    toggle.setAttribute('aria-expanded', String(expanded));
    label.textContent = expanded ? 'Show less' : `Show all (${lines} lines)`;
  });
  return box;
}
