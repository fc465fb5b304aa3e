import { el, icon, setText } from './dom';

/** A dismissible bar for the host's errors (role alert: read at once). */
export class MessageBar {
  readonly element: HTMLElement;
  private readonly text = el('span', { class: 'message-text' });
  private readonly repeat = el('span', { class: 'message-repeat' });
  private last = '';
  private times = 0;

  constructor() {
    const dismiss = el('vscode-toolbar-button', { icon: 'close', label: 'Dismiss', title: 'Dismiss', class: 'message-dismiss' });
    dismiss.addEventListener('click', () => this.dismiss());
    this.element = el('div', { class: 'message-bar', role: 'alert', hidden: true }, [
      icon('error', 'message-icon'),
      this.text,
      this.repeat,
      dismiss,
    ]);
  }

  show(message: string): void {
    this.times = message === this.last && !this.element.hidden ? this.times + 1 : 1;
    this.last = message;
    setText(this.text, message);
    setText(this.repeat, this.times > 1 ? `×${this.times}` : '');
    this.element.hidden = false;
  }

  dismiss(): void {
    this.element.hidden = true;
    this.last = '';
    this.times = 0;
  }

  get isShown(): boolean {
    return !this.element.hidden;
  }
}
