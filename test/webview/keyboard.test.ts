import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { KEY_BINDINGS } from '../../webview/keyboard';
import { init, item, row, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted;

function list(): HTMLElement {
  const el = m.$('[role="listbox"]');
  assert.ok(el);
  return el;
}

/** Selects an item and answers with its detail, as the host would. */
function showItem(id: string, overrides: Parameters<typeof yokaiDetail>[1] = {}): void {
  m.deliver(item(yokaiDetail(id, overrides)));
}

beforeEach(async () => {
  m = await mount();
  m.deliver(init({ rows: rows(20, (i) => (i === 3 || i === 4 ? { mine: 'true' } : {})) }));
  list().focus();
  showItem('0', { mine: { verdict: false, hallucination: 'wrong-region-or-period', note: 'region is Tohoku' } });
  await m.settle();
  m.clearPosted();
});

afterEach(() => m.unmount());

describe('review webview: keyboard', () => {
  test('j / k / arrows move through the list and ask for the item', () => {
    m.key('j');
    assert.deepEqual(m.posted('select'), [{ type: 'select', itemId: '1' }]);
    m.key('j');
    m.key('k');
    m.key('ArrowDown');
    m.key('ArrowDown');
    m.key('ArrowUp');
    assert.deepEqual(
      m.posted('select').map((s) => s.itemId),
      ['1', '2', '1', '2', '3', '2'],
    );
    assert.equal(list().getAttribute('aria-activedescendant'), 'item-row-2');
    m.key('k');
    m.key('k');
    m.key('k');
    assert.equal(m.last('select')?.itemId, '0', 'stops at the top');
  });

  test('J goes to the next item without a decision of mine', () => {
    m.key('j');
    m.key('j');
    m.clearPosted();
    m.key('J', { shiftKey: true });
    assert.equal(m.last('select')?.itemId, '5', 'items 3 and 4 are decided');
  });

  test('J stops on an item flagged or noted without a verdict; an item that takes no verdict is done with a flag', () => {
    m.deliver(
      init({
        rows: rows(8, (i) =>
          i === 1
            ? { mine: 'skipped', flagged: true }
            : i === 2
              ? { mine: 'skipped', decidable: false }
              : i === 3
                ? { mine: 'none', decidable: false }
                : { mine: 'true' },
        ),
      }),
    );
    showItem('0');
    m.clearPosted();
    m.key('J', { shiftKey: true });
    assert.equal(m.last('select')?.itemId, '1', 'a flag alone is no verdict: still to do');
    m.key('J', { shiftKey: true });
    assert.equal(m.last('select')?.itemId, '3', 'the flagged multiple-choice item is done; the untouched one is not');
  });

  test('Home and End go to the first and last item', () => {
    m.key('End');
    assert.equal(m.last('select')?.itemId, '19');
    m.key('Home');
    assert.equal(m.last('select')?.itemId, '0');
  });

  test('arrows act on the list only while it has focus; letters work from anywhere outside fields', () => {
    const raw = m.$('.pane-model .raw');
    assert.ok(raw);
    raw.focus();
    m.key('ArrowDown');
    assert.equal(m.posted('select').length, 0);
    m.key('j');
    assert.equal(m.last('select')?.itemId, '1');
  });

  test('t / f / n send the full state (flag and note kept) and do not advance', () => {
    m.key('t');
    m.key('f');
    m.key('n');
    const sent = m.posted('adjudicate');
    assert.equal(sent.length, 3);
    assert.deepEqual(
      sent.map((s) => s.decision),
      [
        { verdict: true, hallucination: 'wrong-region-or-period', note: 'region is Tohoku' },
        { verdict: false, hallucination: 'wrong-region-or-period', note: 'region is Tohoku' },
        { verdict: null, hallucination: 'wrong-region-or-period', note: 'region is Tohoku' },
      ],
    );
    for (const s of sent) {
      assert.equal(s.itemId, '0');
      assert.equal(s.blind, false);
    }
    assert.equal(new Set(sent.map((s) => s.requestId)).size, 3, 'each request has its own id');
    assert.equal(m.posted('select').length, 0, 'the selection stays');
    // Optimistic: the pressed button and the row follow at once.
    assert.match(textOf(m.$('.verdict-button[aria-pressed="true"]')), /Null/);
    assert.match(textOf(m.$('#item-row-0')), /You: null/);
  });

  test('s records no decision: the verdict key is absent', () => {
    m.key('s');
    const sent = m.last('adjudicate');
    assert.ok(sent);
    assert.deepEqual(sent.decision, { hallucination: 'wrong-region-or-period', note: 'region is Tohoku' });
    assert.equal('verdict' in sent.decision, false);
    assert.match(textOf(m.$('.verdict-button[aria-pressed="true"]')), /No decision/);
  });

  test('after a verdict, J moves on to the next undecided item', () => {
    showItem('0', { mine: null });
    m.key('t');
    m.key('J', { shiftKey: true });
    assert.equal(m.last('select')?.itemId, '1');
  });

  test('h opens the category chooser: a digit flags, 0 clears, Escape cancels', async () => {
    m.key('h');
    const chooser = m.$('.flag-chooser');
    assert.ok(chooser && !chooser.hidden);
    assert.equal(chooser.getAttribute('role'), 'menu');
    assert.equal(m.$$('.flag-item').length, 7, 'six categories and "no flag"');
    assert.ok(chooser.contains(document.activeElement), 'focus is in the chooser');
    m.key('3');
    assert.ok(chooser.hidden);
    assert.deepEqual(m.last('adjudicate')?.decision, {
      verdict: false,
      hallucination: 'cross-cultural-conflation',
      note: 'region is Tohoku',
    });
    assert.equal(document.activeElement, list(), 'focus goes back');
    m.key('h');
    m.key('0');
    assert.deepEqual(m.last('adjudicate')?.decision, { verdict: false, hallucination: null, note: 'region is Tohoku' });
    m.key('h');
    m.key('Backspace');
    assert.equal(m.posted('adjudicate').length, 3);
    m.key('h');
    m.key('Escape');
    assert.ok(chooser.hidden);
    assert.equal(m.posted('adjudicate').length, 3, 'Escape sends nothing');
    m.key('h');
    m.key('t');
    assert.equal(m.posted('adjudicate').length, 3, 'other keys do nothing while the chooser is open');
    m.key('Escape');
  });

  test('e focuses the note; typing then Ctrl+Enter saves it and leaves the field', async () => {
    m.key('e');
    const note = m.$('.note') as HTMLElement & { value: string; wrappedElement: HTMLTextAreaElement };
    assert.equal(document.activeElement, note);
    note.value = 'region is Tohoku, not Hokkaido';
    note.dispatchEvent(new Event('input', { bubbles: true }));
    m.key('t', {}, note.wrappedElement);
    assert.equal(m.posted('adjudicate').length, 0, 'typing t in the note is text');
    assert.match(textOf(m.$('.note-status')), /Unsaved/);
    m.key('Enter', { ctrlKey: true }, note.wrappedElement);
    assert.deepEqual(m.last('adjudicate')?.decision, {
      verdict: false,
      hallucination: 'wrong-region-or-period',
      note: 'region is Tohoku, not Hokkaido',
    });
    assert.equal(document.activeElement, list());
    assert.match(textOf(m.$('.note-status')), /Saved/);
  });

  test('Escape leaves the note and saves it only if it changed', () => {
    m.key('e');
    const note = m.$('.note') as HTMLElement & { value: string; wrappedElement: HTMLTextAreaElement };
    m.key('Escape', {}, note.wrappedElement);
    assert.equal(m.posted('adjudicate').length, 0);
    assert.equal(document.activeElement, list());
    m.key('e');
    note.value = 'changed';
    m.key('Escape', {}, note.wrappedElement);
    assert.deepEqual(m.last('adjudicate')?.decision, { verdict: false, hallucination: 'wrong-region-or-period', note: 'changed' });
  });

  test('u posts undo', () => {
    showItem('0', { canUndo: true, mine: { verdict: true, hallucination: null, note: '' } });
    m.key('u');
    const undo = m.last('undo');
    assert.ok(undo);
    assert.equal(typeof undo.requestId, 'number');
  });

  test('? opens a help listing every key; Escape closes it', () => {
    m.key('?', { shiftKey: true });
    const dialog = m.$('[role="dialog"][aria-modal="true"]');
    assert.ok(dialog);
    assert.equal(m.$('.help-backdrop')?.hidden, false);
    const shown = m.$$('.help-table kbd').map((k) => k.textContent);
    for (const binding of KEY_BINDINGS) for (const key of binding.display) assert.ok(shown.includes(key), `help lists ${key}`);
    for (const key of ['1', '6', '0', 'Backspace', 'Escape', 'Ctrl+Enter']) assert.ok(shown.includes(key), `help lists ${key}`);
    assert.ok(m.$('.review-body')?.hasAttribute('inert'));
    m.key('j');
    assert.equal(m.posted('select').length, 0, 'keys do not act behind the dialog');
    m.key('Escape');
    assert.equal(m.$('.help-backdrop')?.hidden, true);
    assert.ok(!m.$('.review-body')?.hasAttribute('inert'));
  });

  test('modified keys and keys typed in the search field are left alone', () => {
    m.key('t', { ctrlKey: true });
    m.key('j', { metaKey: true });
    assert.equal(m.api.posted.length, 0);
    m.key('/');
    const search = m.$('.search') as HTMLElement & { wrappedElement?: HTMLInputElement };
    assert.equal(document.activeElement, search);
    m.key('j', {}, search.wrappedElement ?? search);
    assert.equal(m.api.posted.length, 0);
  });

  test('clicking works too: a row selects, a verdict button decides', async () => {
    (m.$('#item-row-6') as HTMLElement).click();
    assert.equal(m.last('select')?.itemId, '6');
    showItem('6');
    await m.settle();
    const buttons = m.$$('.verdict-button');
    buttons[1]?.click();
    assert.deepEqual(m.last('adjudicate')?.decision, { verdict: false, hallucination: null, note: '' });
  });

  test('decisions wait for the item: no adjudicate before the detail arrives', () => {
    m.key('j');
    m.key('t');
    assert.equal(m.posted('adjudicate').length, 0);
    assert.match(textOf(m.$('.sr-only[role="status"]')), /still loading/);
    showItem('1');
    assert.deepEqual(m.last('adjudicate')?.itemId, '1', 'the waiting key applies once the item is shown');
    assert.equal(m.last('adjudicate')?.decision.verdict, true);
  });

  test('saved is announced; a failed save shows the error and reverts the optimistic state', () => {
    m.key('t');
    const request = m.last('adjudicate');
    assert.ok(request);
    m.deliver({ type: 'error', message: 'could not append', requestId: request.requestId });
    assert.match(textOf(m.$('.message-bar')), /could not append/);
    assert.match(textOf(m.$('.verdict-button[aria-pressed="true"]')), /False/, 'back to the confirmed verdict');
    assert.doesNotMatch(textOf(m.$('#item-row-0')), /You: true/);
    m.key('n');
    const second = m.last('adjudicate');
    assert.ok(second);
    m.deliver({ type: 'rows', header: init().header, rows: [row(0, { mine: 'null', human: 'null' })] });
    m.deliver(item(yokaiDetail('0', { mine: { verdict: null, hallucination: 'wrong-region-or-period', note: 'region is Tohoku' } })));
    m.deliver({ type: 'saved', itemId: '0', requestId: second.requestId });
    assert.match(textOf(m.$('.sr-only[role="status"]')), /Saved/);
    assert.match(textOf(m.$('.verdict-button[aria-pressed="true"]')), /Null/);
  });

  test('an undo of another item selects that item', () => {
    m.key('j');
    showItem('1', { canUndo: true });
    m.key('u');
    const undo = m.last('undo');
    assert.ok(undo);
    m.clearPosted();
    m.deliver({ type: 'saved', itemId: '7', requestId: undo.requestId });
    assert.equal(m.last('select')?.itemId, '7');
  });
});

describe('review webview: focus', () => {
  test('an init while the page does not have the focus leaves it where it is; the list takes it when the page gets it', async () => {
    m.unmount();
    const hasFocus = document.hasFocus;
    let pageFocused = false;
    document.hasFocus = () => pageFocused;
    try {
      m = await mount();
      (document.activeElement as HTMLElement | null)?.blur();
      m.deliver(init({ rows: rows(5) }));
      await m.settle();
      assert.notEqual(document.activeElement, list(), 'a panel in the background does not take the focus (it would close a quick pick)');
      pageFocused = true;
      window.dispatchEvent(new Event('focus'));
      assert.equal(document.activeElement, list(), 'focused, the panel answers keys at once');
      m.deliver(init({ rows: rows(5) }));
      assert.equal(document.activeElement, list());
    } finally {
      document.hasFocus = hasFocus;
    }
  });
});
