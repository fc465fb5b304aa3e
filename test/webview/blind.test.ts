import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { KALAHI_MC, KALAHI_RUN, header, init, item, kalahiDetail, kalahiRows, row, rows, yokaiDetail } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const REVIEWED = rows(10, (i) => ({
  mine: i === 1 ? 'false' : i === 2 ? 'skipped' : 'none',
  human: i === 1 ? 'false' : 'none',
  disagreement: i === 1,
}));

function chipShown(mounted: Mounted, id: string): boolean {
  const chip = mounted.$(`.chip[data-filter="${id}"]`);
  return chip !== null && !chip.hidden && chip.closest('[hidden]') === null;
}

describe('review webview: blind review, YokaiEval', () => {
  test('from the setting: the judge’s verdict is hidden in the list, its filters, facets and orders are not offered', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED, blind: true }));
    assert.equal(m.$('.blind-toggle')?.getAttribute('aria-pressed'), 'true');
    assert.match(textOf(m.$('#item-row-0 .row-badges')), /hidden/);
    assert.equal(m.$('#item-row-0 .verdict-true, #item-row-0 .verdict-false, #item-row-0 .verdict-null'), null);
    assert.match(textOf(m.$('#item-row-1 .row-badges')), /judge: false/, 'revealed once I decided');
    assert.match(textOf(m.$('#item-row-2 .row-badges')), /hidden/, 'a skip is no decision');
    assert.equal(chipShown(m, 'auto:true'), false);
    assert.equal(chipShown(m, 'disagreement'), false);
    assert.equal(chipShown(m, 'flagged'), true);
    (m.$('.facet-toggle') as HTMLElement).click();
    const facets = m.$$('.facet-group').map((g) => g.dataset['facet']);
    assert.ok(!facets.includes('auto') && !facets.includes('disagreement'), facets.join(', '));
    const select = m.$('.sort-select') as HTMLSelectElement;
    assert.deepEqual(
      Array.from(select.options)
        .filter((o) => o.disabled)
        .map((o) => o.value),
      ['verdict', 'margin', 'closest'],
    );
  });

  test('the detail hides the judge’s verdict and reply until I decide; the decision says it was blind; then they show', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED, blind: true }));
    m.deliver(item(yokaiDetail('0', { judgeReply: 'false', auto: 'false', judgePrompt: '###指示###' })));
    assert.equal(m.$('.pane-model .raw'), null, 'no judge reply');
    assert.equal(m.$('.pane-model .badge'), null, 'no judge badge');
    assert.match(textOf(m.$('.blind-notice')), /hidden until you decide/);
    assert.match(textOf(m.$('.pane-model .response')), /空家/, 'the model’s answer is shown');
    m.$('.vlist')?.focus();
    m.clearPosted();
    m.key('t');
    assert.deepEqual(m.last('adjudicate'), {
      type: 'adjudicate',
      requestId: 1,
      itemId: '0',
      decision: { verdict: true, hallucination: null, note: '' },
      blind: true,
    });
    assert.equal(m.$('.pane-model .raw')?.textContent, 'false', 'revealed at once');
    assert.match(textOf(m.$('#item-row-0 .row-badges')), /judge: true/, 'the list shows the row’s automatic verdict');
    // A note added after a blind decision keeps the flag; a new verdict after seeing the judge does not.
    m.deliver(
      item(
        yokaiDetail('0', {
          judgeReply: 'false',
          auto: 'false',
          mine: { verdict: true, hallucination: null, note: '' },
          annotators: [
            {
              annotator: 'alice',
              role: 'annotator',
              decision: { verdict: true, hallucination: null, note: '' },
              time: '2026-11-29T10:00:00Z',
              stale: false,
              blind: true,
            },
          ],
        }),
      ),
    );
    m.key('h');
    m.key('1');
    assert.equal(m.last('adjudicate')?.blind, true);
    m.key('f');
    assert.equal(m.last('adjudicate')?.blind, false);
  });

  test('b toggles blind review; an item seen unblinded is not decided “blind” afterwards', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED }));
    m.deliver(item(yokaiDetail('0', { judgeReply: 'true' })));
    assert.equal(m.$('.pane-model .raw')?.textContent, 'true');
    m.$('.vlist')?.focus();
    m.key('b');
    assert.equal(m.$('.blind-toggle')?.getAttribute('aria-pressed'), 'true');
    assert.equal(m.$('.pane-model .raw'), null, 'hidden again');
    m.clearPosted();
    m.key('n');
    assert.equal(m.last('adjudicate')?.blind, false, 'the judge was seen before');
    m.key('j');
    m.deliver(item(yokaiDetail('1', { judgeReply: 'true', mine: null })));
    await m.settle();
    assert.equal(m.$('.pane-model .raw'), null);
    await m.settle(250);
    assert.equal((m.api.state as { blind?: boolean }).blind, true, 'the toggle persists');
    m.deliver({ type: 'reviewOptions', blind: false });
    assert.equal(m.$('.blind-toggle')?.getAttribute('aria-pressed'), 'false', 'a change of the setting wins');
    assert.equal(m.$('.pane-model .raw')?.textContent, 'true');
  });

  test('the header’s automatic and adjudicated scores are hidden in blind mode and come back when it is off', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED, header: header({ automaticAccuracy: 0.6, adjudicatedAccuracy: 0.55, items: 20 }) }));
    assert.match(textOf(m.$('.stat-automatic')), /60/);
    m.$('.vlist')?.focus();
    m.key('b');
    for (const name of ['automatic', 'adjudicated']) {
      const text = textOf(m.$(`.stat-${name}`));
      assert.match(text, /hidden/, name);
      assert.doesNotMatch(text, /\d+(\.\d+)?\s*%|60|55/, `${name} shows no number: ${text}`);
    }
    m.deliver({ type: 'rows', header: header({ automaticAccuracy: 0.7, adjudicatedAccuracy: 0.65, items: 20 }), rows: [] });
    assert.doesNotMatch(textOf(m.$('.stat-automatic')), /70/, 'new scores stay hidden');
    assert.match(textOf(m.$('.stat-reviewed')), /3/, 'progress still shows');
    m.key('b');
    assert.match(textOf(m.$('.stat-automatic')), /70/);
  });

  test('from the setting, the header never shows the automatic score', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED, blind: true, header: header({ automaticAccuracy: 0.6 }) }));
    assert.match(textOf(m.$('.stat-automatic')), /hidden/);
    assert.doesNotMatch(textOf(m.$('.stat-automatic')), /60/);
  });

  test('b after the verdict was shown: the panel says the decision is recorded as not blind; an unseen item says nothing', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED }));
    m.deliver(item(yokaiDetail('0', { judgeReply: 'true' })));
    assert.equal(m.$('.blind-seen'), null);
    m.$('.vlist')?.focus();
    m.key('b');
    assert.equal(m.$('.pane-model .raw'), null, 'hidden at once');
    assert.match(textOf(m.$('.blind-seen')), /recorded as not blind/);
    m.clearPosted();
    m.key('t');
    assert.equal(m.last('adjudicate')?.blind, false);
    m.key('j');
    m.deliver(item(yokaiDetail('1', { judgeReply: 'true', mine: null })));
    assert.ok(m.$('.blind-notice'));
    assert.match(textOf(m.$('.blind-seen')), /recorded as not blind/, 'its verdict was in the list before b');
    m.clearPosted();
    m.key('f');
    assert.equal(m.last('adjudicate')?.blind, false, 'seen in the list: not blind');
  });

  test('an item whose verdict never showed (list row, detail) is decided blind; one seen only in the list is not', async () => {
    m = await mount();
    m.deliver(init({ rows: rows(300) }));
    m.deliver(item(yokaiDetail('0', { judgeReply: 'true' })));
    await m.settle();
    assert.match(textOf(m.$('#item-row-2 .row-badges')), /judge: true/, 'row 2 shows its verdict before b');
    assert.equal(m.$('#item-row-299'), null, 'row 299 was never drawn');
    m.$('.vlist')?.focus();
    m.key('b');
    assert.equal(m.last('blindState')?.on, true, 'the host hears that the panel is blind');
    m.key('End');
    m.deliver(item(yokaiDetail('299', { judgeReply: 'true', mine: null })));
    await m.settle();
    assert.match(textOf(m.$('#item-row-299 .row-badges')), /hidden/);
    assert.equal(m.$('.blind-seen'), null);
    m.clearPosted();
    m.key('t');
    assert.deepEqual([m.last('adjudicate')?.itemId, m.last('adjudicate')?.blind], ['299', true]);
    m.key('Home');
    m.key('j');
    m.key('j');
    m.deliver(item(yokaiDetail('2', { judgeReply: 'true', mine: null })));
    await m.settle();
    m.key('f');
    assert.deepEqual([m.last('adjudicate')?.itemId, m.last('adjudicate')?.blind], ['2', false]);
    m.key('b');
    assert.equal(m.last('blindState')?.on, false);
  });

  test('turning blind review on drops an automatic filter, facet choice and order', async () => {
    m = await mount();
    m.deliver(init({ rows: REVIEWED }));
    (m.$('.chip[data-filter="auto:true"]') as HTMLElement).click();
    assert.equal(m.app.store.filter.filter, 'auto:true');
    m.$('.vlist')?.focus();
    m.key('b');
    assert.equal(m.app.store.filter.filter, 'all');
    assert.equal(m.app.store.size, 10);
  });
});

describe('review webview: blind review, Kalahi', () => {
  test('metric scores, maxima, the metric table and the automatic verdict stay hidden until decided; the references and overlap stay', async () => {
    m = await mount();
    m.deliver(init({ run: KALAHI_RUN, rows: kalahiRows(4), header: header({ items: 4 }), blind: true }));
    const id = kalahiRows(1)[0]?.id ?? '';
    m.deliver(item(kalahiDetail(id, { mc: KALAHI_MC })));
    assert.equal(m.$$('.score-value').length, 0);
    assert.equal(m.$('.metric-table'), null);
    assert.equal(m.$('.mc-summary'), null);
    assert.equal(m.$('.measure-picker'), null);
    assert.equal(m.$('.tag-max-relevant'), null);
    assert.equal(m.$('.pane-item .badge'), null, 'no automatic verdict');
    assert.equal(m.$$('.row-margin').filter((e) => textOf(e) !== '').length, 0, 'no margins in the list');
    assert.match(textOf(m.$('.pane-refs .blind-notice')), /metric scores and the automatic verdict are hidden/);
    assert.equal(m.$$('.ref').length, 4, 'the references are shown');
    assert.equal(m.$('.ref.is-compared')?.dataset['ref'], 'relevant:0', 'compared with the best answer, not the best-scoring one');
    assert.ok(m.$$('.pane-item .answer mark.overlap').length > 0);
    m.$('.vlist')?.focus();
    m.clearPosted();
    m.key('f');
    assert.equal(m.last('adjudicate')?.blind, true);
    assert.equal(m.last('adjudicate')?.decision.verdict, false);
    assert.ok(m.$$('.score-value').length > 0, 'scores shown after the decision');
    assert.ok(m.$('.metric-table'));
  });

  test('multiple-choice items take no verdict, so blind review hides nothing there', async () => {
    m = await mount();
    m.deliver(
      init({
        run: { ...KALAHI_RUN, task: 'mc', metrics: [], primaryMetric: null },
        rows: [row(0, { decidable: false, auto: 'null' })],
        blind: true,
      }),
    );
    m.deliver(item(kalahiDetail('0', { decidable: false, open: null, mc: KALAHI_MC, auto: 'null' })));
    assert.ok(m.$$('.score-value').length === 4);
    assert.ok(m.$('.mc-summary'));
  });
});
