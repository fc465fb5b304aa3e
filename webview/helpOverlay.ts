import { el } from '../webview-kit/dom';
import { CONTEXT_KEYS, KEY_BINDINGS, KEY_GROUPS } from './keyboard';

function keys(display: readonly string[]): HTMLElement {
  const cell = el('td', { class: 'help-keys' });
  display.forEach((key, i) => {
    if (i > 0) cell.append(key === '…' || display[i - 1] === '…' ? ' ' : ' or ');
    cell.append(key === '…' ? el('span', { class: 'help-ellipsis' }, '…') : el('kbd', {}, key));
  });
  return cell;
}

function table(caption: string, rows: readonly { readonly display: readonly string[]; readonly description: string }[]): HTMLElement {
  return el('table', { class: 'help-table' }, [
    el('caption', {}, caption),
    el(
      'tbody',
      {},
      rows.map((row) => el('tr', {}, [keys(row.display), el('td', {}, row.description)])),
    ),
  ]);
}

/** A modal listing every key; Escape (or the close button, or a click outside) closes it. */
export class HelpOverlay {
  readonly element: HTMLElement;
  private readonly dialog: HTMLElement;
  private readonly closeButton: HTMLElement;
  private readonly onClose: () => void;
  private returnFocus: HTMLElement | null = null;

  constructor(options: { onClose: () => void }) {
    this.onClose = options.onClose;
    this.closeButton = el('vscode-toolbar-button', { icon: 'close', label: 'Close', title: 'Close (Escape)', class: 'help-close' });
    this.closeButton.addEventListener('click', () => this.close());
    const contexts = [...new Set(CONTEXT_KEYS.map((k) => k.context))];
    this.dialog = el('div', { class: 'help-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'help-title', tabindex: -1 }, [
      el('div', { class: 'help-head' }, [el('h2', { id: 'help-title' }, 'Keyboard shortcuts'), this.closeButton]),
      el(
        'p',
        { class: 'help-intro' },
        'Keys work whenever the focus is not in a text field. YokaiEval’s English gloss is folded under the question: click it to unfold (it stays unfolded for the next items). Before your first decision the extension asks once for your annotator name (git’s user.name filled in: Enter keeps it) unless the annotator name setting or EVAL_ADJUDICATOR_ANNOTATOR gives one.',
      ),
      el('div', { class: 'help-columns' }, [
        ...KEY_GROUPS.map((group) =>
          table(
            group,
            KEY_BINDINGS.filter((b) => b.group === group),
          ),
        ),
        ...contexts.map((context) =>
          table(
            context,
            CONTEXT_KEYS.filter((k) => k.context === context),
          ),
        ),
      ]),
    ]);
    this.element = el('div', { class: 'help-backdrop', hidden: true }, [this.dialog]);
    this.element.addEventListener('keydown', this.onKeyDown);
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.close();
    });
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  open(): void {
    if (this.isOpen) return;
    this.returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    this.element.hidden = false;
    this.dialog.focus();
  }

  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.onClose();
    this.returnFocus?.focus();
    this.returnFocus = null;
  }

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' || event.key === '?') {
      event.preventDefault();
      this.close();
    }
    // Nothing else acts on the panel behind a modal.
    event.stopPropagation();
  };
}
