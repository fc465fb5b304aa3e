import { type KeyActions, type KeyBinding, type KeyGroup, bindingFor, isPanelKey } from './keyboard';

/** Keys that act on the shown item: they wait while it loads. */
const ITEM_GROUPS: ReadonlySet<KeyGroup> = new Set<KeyGroup>(['Decide', 'Compare']);
/** Keys the flag chooser takes (a digit typed right after `h` belongs to it). */
const CHOOSER_KEY = /^([0-9]|Escape|Backspace|Delete|Enter|ArrowUp|ArrowDown|Home|End|Tab)$/;
/** How long the queue waits for an item before it says the keys were not applied. */
export const KEY_QUEUE_PATIENCE_MS = 10_000;

type Queued =
  { readonly kind: 'key'; readonly key: string; readonly inList: boolean } | { readonly kind: 'select'; readonly run: () => void };

export interface KeyQueueHost {
  readonly actions: KeyActions;
  /** The selected item's detail is shown and takes decisions. */
  readonly itemReady: () => boolean;
  /** Gives a key to the flag chooser when it is open; returns whether it was open. */
  readonly chooserKey: (key: string) => boolean;
  readonly announce: (text: string) => void;
  /** Keys that waited too long for their item: said where it stays visible. */
  readonly gaveUp: (text: string) => void;
}

export function needsItem(binding: KeyBinding): boolean {
  return ITEM_GROUPS.has(binding.group);
}

/**
 * Key presses in the order they came: a key that acts on the item (a verdict, a flag, a note, a comparison)
 * pressed while the item is loading waits until it is shown, and every key after it waits behind it, so
 * `j t j f` typed faster than the host answers decides the two items in turn, as typed slowly would.
 */
export class KeyQueue {
  private queued: Queued[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: KeyQueueHost) {}

  get size(): number {
    return this.queued.length;
  }

  /** A key pressed in the panel: run now, queued, or not the panel's (returns whether the panel took it). */
  press(event: KeyboardEvent, inList: boolean): boolean {
    if (!isPanelKey(event)) return false;
    const binding = bindingFor(event.key);
    if (this.queued.length > 0) {
      if (binding === undefined && !CHOOSER_KEY.test(event.key)) return false;
      event.preventDefault();
      this.push({ kind: 'key', key: event.key, inList });
      return true;
    }
    if (binding === undefined || (binding.scope === 'list' && !inList)) return false;
    event.preventDefault();
    if (needsItem(binding) && !this.host.itemReady()) {
      this.push({ kind: 'key', key: event.key, inList });
      this.host.announce('The item is still loading: the key applies when it is shown.');
      return true;
    }
    binding.run(this.host.actions, event.key);
    return true;
  }

  /** A selection by pointer: after the keys before it, when some wait. Returns whether it waits. */
  deferSelection(run: () => void): boolean {
    if (this.queued.length === 0) return false;
    this.push({ kind: 'select', run });
    return true;
  }

  /** The shown item changed (a detail arrived): runs the waiting keys until one needs an item not shown yet. */
  drain(): void {
    while (this.queued.length > 0) {
      const head = this.queued[0];
      if (head === undefined) break;
      if (head.kind === 'select') {
        this.queued.shift();
        head.run();
        continue;
      }
      if (this.host.chooserKey(head.key)) {
        this.queued.shift();
        continue;
      }
      const binding = bindingFor(head.key);
      if (binding !== undefined && needsItem(binding) && !this.host.itemReady()) break;
      this.queued.shift();
      if (binding !== undefined && (binding.scope === 'global' || head.inList)) binding.run(this.host.actions, head.key);
    }
    this.rearm();
  }

  /** A new run: what waited belongs to the old one. */
  clear(reason: string): void {
    const count = this.queued.length;
    this.queued = [];
    this.rearm();
    if (count > 0) this.host.gaveUp(`${keysText(count)} not applied: ${reason}.`);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private push(entry: Queued): void {
    this.queued.push(entry);
    if (this.timer === undefined) this.rearm();
  }

  private rearm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = this.queued.length === 0 ? undefined : setTimeout(() => this.clear('the item did not load'), KEY_QUEUE_PATIENCE_MS);
  }
}

function keysText(count: number): string {
  return count === 1 ? '1 key' : `${String(count)} keys`;
}
