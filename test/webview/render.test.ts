import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { type Mounted, mount, textOf } from './harness';
import { header, init, item, row, rows, yokaiDetail } from './fixtures';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const text = textOf;

describe('review webview: rendering', () => {
  test('posts ready on start, then renders the run, the scores and the rows of init', async () => {
    m = await mount();
    assert.deepEqual(m.api.posted[0], { type: 'ready' });
    m.deliver(init());
    assert.equal(text(m.$('.run-model')), 'gpt-4o-2024-08-06');
    assert.match(text(m.$('.run-meta')), /judged by gpt-4o/);
    assert.match(text(m.$('.run-meta')), /annotating as alice/);
    assert.equal(text(m.$('.stat-automatic .stat-value')), '60.0%');
    assert.equal(text(m.$('.stat-adjudicated .stat-value')), '55.0%');
    assert.equal(text(m.$('.stat-reviewed')), 'Reviewed 3 / 20');
    assert.equal(text(m.$('.stat-conflicts .stat-value')), '1');
    assert.equal(text(m.$('.stat-stale .stat-value')), '2');
    assert.equal(text(m.$('.stat-flagged .stat-value')), '4');
    const options = m.$$('[role="option"]');
    assert.equal(options.length, 20);
    assert.equal(options[0]?.getAttribute('aria-setsize'), '20');
    assert.match(text(options[1] ?? null), /#1/);
    assert.equal(options[1]?.querySelector('.row-label')?.getAttribute('lang'), 'ja');
    // The first row is selected and asked for.
    assert.deepEqual(m.last('select'), { type: 'select', itemId: '0' });
    assert.equal(m.$('[role="listbox"]')?.getAttribute('aria-activedescendant'), options[0]?.id);
    assert.equal(options[0]?.getAttribute('aria-selected'), 'true');
  });

  test('shows the YokaiEval detail side by side: question, choices with the gold marked, response, judge reply', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { response: '空家', judgeReply: 'True' })));
    const question = m.$('.question');
    assert.equal(question?.getAttribute('lang'), 'ja');
    assert.match(text(question), /アイヌカイセイ/);
    const choices = m.$$('.choice');
    assert.equal(choices.length, 4);
    const gold = m.$$('.choice.is-gold');
    assert.equal(gold.length, 1);
    assert.match(text(gold[0] ?? null), /空家.*gold answer/, 'the gold choice says so in text, not only in colour');
    assert.ok(gold[0]?.querySelector('.codicon-pass-filled'), 'and with an icon');
    assert.match(text(m.$('.choice.is-picked')), /model’s answer/);
    assert.equal(m.$('.response')?.getAttribute('lang'), 'ja');
    assert.equal(text(m.$('.response')), '空家');
    assert.equal(m.$('.pane-model .raw')?.textContent, 'True');
    assert.match(text(m.$('.pane-model .badge')), /true/);
  });

  test('a refusal and an error are shown as such', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { response: null, refusal: 'content_filter', judgeReply: null, auto: 'false' })));
    assert.match(text(m.$('.callout-warning')), /Refused by the content filter.*content_filter/);
    m.deliver(
      item(
        yokaiDetail('0', {
          response: null,
          judgeReply: null,
          auto: 'error',
          error: { stage: 'model', kind: 'timeout', message: 'no answer in 60 s' },
        }),
      ),
    );
    const error = text(m.$('.callout-error'));
    assert.match(error, /Error in the model stage/);
    assert.match(error, /timeout/);
    assert.match(error, /no answer in 60 s/);
  });

  test('a generic item renders its labelled fields and the response', async () => {
    m = await mount();
    m.deliver(
      init({ run: { runDir: '/runs/k', runId: 'k', benchmark: 'kalahi', task: 'open', model: 'm', judge: null, status: 'finished' } }),
    );
    m.deliver(
      item({
        kind: 'texts',
        id: '0',
        auto: 'false',
        error: null,
        annotators: [],
        mine: null,
        final: null,
        conflict: false,
        canUndo: false,
        fields: [
          { label: 'Prompt', text: 'Ano ang dapat gawin?' },
          { label: 'Best answer', text: 'Magmano sa nakatatanda.' },
        ],
        response: 'Dapat magmano.',
      }),
    );
    const headings = m.$$('.pane-item .subheading').map((h) => text(h));
    assert.deepEqual(headings, ['Prompt', 'Best answer']);
    assert.equal(m.$('.pane-item .text-block')?.getAttribute('lang'), 'fil');
    assert.equal(text(m.$('.response')), 'Dapat magmano.');
    assert.match(text(m.$('.run-meta')), /no judge/);
  });

  test('the adjudication area shows my state, the final verdict, conflicts and other annotators (stale marked)', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(
      item(
        yokaiDetail('0', {
          mine: { verdict: false, hallucination: 'invented-entity', note: 'made up' },
          conflict: true,
          final: null,
          canUndo: true,
          annotators: [
            {
              annotator: 'alice',
              role: 'annotator',
              decision: { verdict: false, hallucination: 'invented-entity', note: 'made up' },
              time: '2025-01-02T03:04:05Z',
              stale: false,
              blind: false,
            },
            {
              annotator: 'bob',
              role: 'annotator',
              decision: { verdict: true, hallucination: null, note: '' },
              time: '2025-01-01T00:00:00Z',
              stale: true,
              blind: false,
            },
          ],
        }),
      ),
    );
    await m.settle();
    const pressed = m.$$('.verdict-button[aria-pressed="true"]');
    assert.equal(pressed.length, 1);
    assert.match(text(pressed[0] ?? null), /False/);
    assert.match(text(m.$('.flag-current')), /Invented entity/);
    assert.equal((m.$('.note') as HTMLElement & { value: string }).value, 'made up');
    assert.match(text(m.$('.final')), /annotators disagree/);
    assert.match(text(m.$('.conflict-note')), /Conflict/);
    const annotators = m.$$('.annotator');
    assert.equal(annotators.length, 2);
    assert.match(text(annotators[0] ?? null), /alice you/);
    assert.ok(annotators[1]?.classList.contains('is-stale'));
    assert.match(text(annotators[1] ?? null), /stale/);
    assert.equal(m.$('.undo-button')?.hasAttribute('disabled'), false);
  });

  test('a rows message updates the header and the rows it names', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver({
      type: 'rows',
      header: header({ adjudicatedAccuracy: 0.65, adjudicatedItems: 4, reviewedItems: 4, conflicts: 0 }),
      rows: [row(2, { human: 'false', mine: 'false', disagreement: true, flagged: true })],
    });
    assert.equal(text(m.$('.stat-adjudicated .stat-value')), '65.0%');
    assert.equal(text(m.$('.stat-reviewed')), 'Reviewed 4 / 20');
    const updated = m.$('#item-row-2');
    assert.match(text(updated), /human: false/);
    assert.ok(updated?.querySelector('.marker-flagged'));
    assert.ok(updated?.querySelector('.marker-disagreement'));
    assert.match(text(m.$('[role="status"][aria-live="polite"].sr-only')), /Adjudicated accuracy 65.0%/);
    assert.equal(text(m.$('.chip[data-filter="flagged"] .chip-count')), '1');
  });

  test('an answer for an item no longer selected is ignored', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('5', { question: 'late answer' })));
    assert.equal(m.$('.question'), null);
  });

  test('invalid host messages are ignored without breaking anything', async () => {
    m = await mount();
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      m.deliver(init());
      const before = m.root.innerHTML;
      m.deliver({ type: 'rows', header: { items: -1 }, rows: 'nope' });
      m.deliver({ type: 'item', detail: { kind: 'unknown', id: '0' } });
      m.deliver({ type: 'explode' });
      m.deliver('just a string');
      m.deliver(null);
      assert.equal(m.root.innerHTML, before);
      assert.equal(warnings.length, 5);
      assert.equal(m.$('.message-bar')?.hidden, true);
    } finally {
      console.warn = warn;
    }
    m.deliver(item(yokaiDetail('0')));
    assert.ok(m.$('.question'), 'still works afterwards');
  });

  test('a host error shows a dismissible message bar', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver({ type: 'error', message: 'disk full' });
    const bar = m.$('.message-bar');
    assert.equal(bar?.hidden, false);
    assert.equal(bar?.getAttribute('role'), 'alert');
    assert.match(text(bar), /disk full/);
    (bar?.querySelector('.message-dismiss') as HTMLElement).click();
    assert.equal(bar?.hidden, true);
  });

  test('restored UI state selects the saved item and filter; init.selectedItemId wins over it', async () => {
    m = await mount({ state: { itemId: '7', filter: 'auto:true', scrollTop: 0, runDir: '/runs/r1' } });
    m.deliver(init());
    assert.deepEqual(m.last('select'), { type: 'select', itemId: '7' });
    assert.equal(m.$('.chip[data-filter="auto:true"]')?.getAttribute('aria-pressed'), 'true');
    assert.ok(m.$$('[role="option"]').every((o) => /judge: true/.test(text(o))));
    m.unmount();
    m = await mount({ state: { itemId: '7', filter: 'all', scrollTop: 0 } });
    m.deliver(init({ selectedItemId: '3' }));
    assert.deepEqual(m.last('select'), { type: 'select', itemId: '3' });
    m.unmount();
    m = await mount({ state: { itemId: 42, filter: ['bad'] } });
    m.deliver(init());
    assert.deepEqual(m.last('select'), { type: 'select', itemId: '0' }, 'invalid saved state is ignored');
  });

  test('UI state is saved with the run folder (the serializer reopens the panel from it)', async () => {
    m = await mount();
    m.deliver(init());
    m.key('j', {}, m.$('[role="listbox"]') ?? undefined);
    await m.settle(250);
    assert.deepEqual(m.api.state, { itemId: '1', filter: 'all', scrollTop: 0, runDir: '/runs/r1' });
  });

  test('links are never followed: the host is asked to open them', async () => {
    m = await mount();
    m.deliver(init());
    const url = 'https://ja.wikipedia.org/wiki/%E3%82%A2';
    m.deliver(item(yokaiDetail('0', { url })));
    const link = m.$('.pane-item .link-button');
    assert.ok(link);
    assert.equal(link.tagName, 'BUTTON');
    link.click();
    assert.deepEqual(m.last('openLink'), { type: 'openLink', url });
    assert.match(text(link), /ja\.wikipedia\.org\/wiki\/ア/, 'shown decoded');
    assert.equal(m.root.querySelectorAll('a[href]').length, 0);
  });

  test('rows of a large init render quickly', async () => {
    m = await mount();
    const message = init({ rows: rows(100_000), header: header({ items: 100_000 }) });
    const start = performance.now();
    window.dispatchEvent(new MessageEvent('message', { data: message }));
    const elapsed = performance.now() - start;
    // Generous (a loaded CI machine): the point is one pass, not a quadratic blow-up.
    assert.ok(elapsed < 10_000, `init of 100 000 rows took ${elapsed.toFixed(0)} ms`);
    assert.ok(m.$$('[role="option"]').length < 200);
  });
});
