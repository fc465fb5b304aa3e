// Issue 36 item 4: each pane of the detail scrolls in its own column; `o` brings the next reference into view by
// scrolling the references column only, so the prompt and the answer beside it stay put. happy-dom lays nothing
// out: the test gives the panes and the references boxes (a 200 px column, references 100 px tall 20 px apart)
// that follow each pane's scrollTop, as a browser would.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import type { ItemDetail } from '../../src/core/protocol/review';
import { KALAHI_RUN, header, init, item, kalahiDetail, kalahiRows } from './fixtures';
import { type Mounted, mount } from './harness';

const PANE_TOP = 100;
const PANE_HEIGHT = 200;
const REF_HEIGHT = 100;
const REF_STEP = 120;

let m: Mounted | undefined;
const restore: (() => void)[] = [];
afterEach(() => {
  m?.unmount();
  m = undefined;
  for (const undo of restore.splice(0)) undo();
});

/** Boxes as the browser would give them: panes at a fixed place, each reference lower than the one before, moved up by its pane's scroll. */
function layOut(): { scrolledIntoView: Element[] } {
  const proto = HTMLElement.prototype;
  const originalRect = proto.getBoundingClientRect;
  const originalHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  const scrolledIntoView: Element[] = [];
  proto.getBoundingClientRect = function (this: HTMLElement): DOMRect {
    if (this.matches('.pane')) return new DOMRect(0, PANE_TOP, 400, PANE_HEIGHT);
    const pane = this.closest<HTMLElement>('.pane');
    if (this.matches('.ref') && pane !== null) {
      const index = Array.from(pane.querySelectorAll('.ref')).indexOf(this);
      return new DOMRect(0, PANE_TOP + index * REF_STEP - pane.scrollTop, 400, REF_HEIGHT);
    }
    return originalRect.call(this);
  };
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.matches('.pane') ? PANE_HEIGHT : 0;
    },
  });
  Element.prototype.scrollIntoView = function (this: Element): void {
    scrolledIntoView.push(this);
  };
  restore.push(() => {
    proto.getBoundingClientRect = originalRect;
    if (originalHeight !== undefined) Object.defineProperty(Element.prototype, 'clientHeight', originalHeight);
    Element.prototype.scrollIntoView = originalScrollIntoView;
  });
  return { scrolledIntoView };
}

const FOUR_RELEVANT: Partial<Extract<ItemDetail, { kind: 'references' }>> = {
  references: { relevant: ['R uno', 'R dos', 'R tres', 'R kuwatro'], irrelevant: ['I uno', 'I dos', 'I tres'], bestIndex: 0 },
  open: {
    answer: 'Dapat kang magmano sa iyong Lola.',
    empty: false,
    finishReason: 'stop',
    refusal: null,
    primaryMetric: 'chrf',
    // The closest relevant reference is the fourth: below the column's fold.
    metrics: [
      {
        name: 'chrf',
        relevant: [0.1, 0.2, 0.15, 0.5],
        irrelevant: [0.3, 0.1, 0],
        maxRelevant: 0.5,
        maxIrrelevant: 0.3,
        diff: 0.2,
        acc: true,
      },
    ],
  },
};

function visibleInColumn(ref: HTMLElement | null): boolean {
  assert.ok(ref !== null);
  const box = ref.getBoundingClientRect();
  return box.top >= PANE_TOP && box.bottom <= PANE_TOP + PANE_HEIGHT;
}

describe('review webview: the detail’s panes scroll on their own', () => {
  test('a new item shows the reference compared with in the references column; o scrolls that column only, through every reference', async () => {
    m = await mount();
    const boxes = layOut();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(3), header: header({ items: 3 }) }));
    m.deliver(item(kalahiDetail('0101000100', FOUR_RELEVANT)));
    await m.settle();
    const refsPane = (): HTMLElement | null => m?.$('.pane-refs') ?? null;
    assert.equal(m.$('.ref.is-compared')?.dataset['ref'], 'relevant:3', 'compared with the closest relevant reference');
    assert.ok(visibleInColumn(m.$('.ref.is-compared')), `the fourth reference is scrolled into view (column at ${refsPane()?.scrollTop})`);

    m.$('.vlist')?.focus();
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      m.key('o');
      await m.settle();
      const compared = m.$('.ref.is-compared');
      seen.push(compared?.dataset['ref'] ?? '?');
      assert.ok(
        visibleInColumn(compared),
        `after o, ${seen.at(-1)} is in view in the references column (scrollTop ${refsPane()?.scrollTop})`,
      );
      assert.equal(m.$('.pane-item')?.scrollTop, 0, 'the prompt and answer column does not move');
      assert.equal(m.$('.detail-scroll')?.scrollTop, 0, 'the detail as a whole does not scroll');
    }
    assert.deepEqual(seen, ['irrelevant:0', 'irrelevant:1', 'irrelevant:2', 'relevant:0', 'relevant:1', 'relevant:2', 'relevant:3']);
    assert.deepEqual(boxes.scrolledIntoView, [], 'nothing asks the browser to scroll every ancestor');
  });

  test('a redraw of the same item (another score with m) keeps each column where it was; a resize reveals the compared reference again; the next item starts afresh', async () => {
    m = await mount();
    layOut();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(3), header: header({ items: 3 }) }));
    m.deliver(item(kalahiDetail('0101000100', FOUR_RELEVANT)));
    await m.settle();
    const scrolled = m.$('.pane-refs')?.scrollTop ?? 0;
    assert.ok(scrolled > 0);
    const item0 = m.$('.pane-item');
    if (item0 !== null) item0.scrollTop = 30;
    const before = m.$('.pane-refs');
    m.$('.vlist')?.focus();
    m.key('m');
    await m.settle();
    assert.notEqual(m.$('.pane-refs'), before, 'the references were drawn again');
    assert.equal(m.$('.pane-refs')?.scrollTop, scrolled, 'the references column kept its place');
    assert.equal(m.$('.pane-item')?.scrollTop, 30, 'the prompt and answer column kept its place');

    // The panel gets smaller (the side bar opens): the compared reference is brought back into its column's view.
    const refs = m.$('.pane-refs');
    if (refs !== null) refs.scrollTop = 0;
    window.dispatchEvent(new Event('resize'));
    assert.equal(m.$('.pane-refs')?.scrollTop, scrolled, 'a resize brings the compared reference back into view');

    m.key('j');
    await m.settle();
    m.deliver(item(kalahiDetail('0101000101')));
    await m.settle();
    assert.equal(m.$('.pane-item')?.scrollTop, 0, 'the next item starts at its top');
    assert.equal(m.$('.ref.is-compared')?.dataset['ref'], 'relevant:0');
    assert.equal(m.$('.pane-refs')?.scrollTop, 0, 'the first reference is in view without scrolling');
  });
});
