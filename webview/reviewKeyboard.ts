import type { FlagChooser } from './flagChooser';
import type { HelpOverlay } from './helpOverlay';
import { KeyQueue, type KeyQueueHost } from './keyQueue';
import { type ReviewKeyTargets, reviewKeyActions } from './reviewKeys';

/** The parts of the panel the window's keys and focus reach. */
export interface ReviewKeyboardParts {
  readonly root: HTMLElement;
  readonly help: HelpOverlay;
  readonly flagChooser: FlagChooser;
  /** What the keys act on (reviewKeys.ts). */
  readonly targets: ReviewKeyTargets;
  /** How the queue learns the item is ready and says what it did (keyQueue.ts). */
  readonly queue: Omit<KeyQueueHost, 'actions'>;
}

/**
 * The review's keyboard: every key pressed in the window goes through the key queue (a key for an item that
 * is still loading waits for it), unless the help or the flag chooser is open; a focused window with nothing
 * focused in it gives the list the focus.
 */
export class ReviewKeyboard {
  private readonly queue: KeyQueue;

  constructor(private readonly parts: ReviewKeyboardParts) {
    this.queue = new KeyQueue({ actions: reviewKeyActions(parts.targets), ...parts.queue });
    window.addEventListener('keydown', this.onKeyDown);
    window.addEventListener('focus', this.onWindowFocus);
  }

  /** A selection by pointer: after the keys before it, when some wait. Returns whether it waits. */
  deferSelection(select: () => void): boolean {
    return this.queue.deferSelection(select);
  }

  /** The selected item's detail is shown: keys that waited for it run. */
  itemShown(): void {
    this.queue.drain();
  }

  /**
   * Keys work at once in a focused panel: the list takes the focus when nothing in the page holds it. Only
   * when the page has the focus (the init's check, and a window focus event): a panel that takes it while
   * the user is in the workbench closes the quick pick they are typing in.
   */
  focusListIfIdle(): void {
    if (document.activeElement === null || document.activeElement === document.body) this.parts.targets.list.element.focus();
  }

  dispose(): void {
    this.queue.dispose();
    window.removeEventListener('keydown', this.onKeyDown);
    window.removeEventListener('focus', this.onWindowFocus);
  }

  private readonly onWindowFocus = (): void => this.focusListIfIdle();

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (this.parts.help.isOpen || this.parts.flagChooser.isOpen) return;
    const active = document.activeElement;
    const list = this.parts.targets.list.element;
    const inList = active === null || active === document.body || active === list || active === this.parts.root;
    this.queue.press(event, inList);
  };
}
