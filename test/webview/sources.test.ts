import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { init, item, row, yokaiDetail } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe('review webview: helping the reviewer judge', () => {
  test('the English gloss sits under the Japanese question; none when the data is missing', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { gloss: 'Where is Ainu Kaisei said to appear?\n\n- New house\n- Vacant house' })));
    const gloss = m.$('.gloss');
    assert.ok(gloss);
    assert.equal(gloss.previousElementSibling, m.$('.question'), 'right under the question');
    assert.equal(m.$('.gloss-text')?.getAttribute('lang'), 'en');
    assert.match(textOf(gloss), /English gloss .*Vacant house/);
    assert.equal(gloss.tagName, 'DETAILS', 'a disclosure');
    assert.equal(gloss.hasAttribute('open'), false, 'folded by default, so the choices stay in view');
    gloss.setAttribute('open', '');
    gloss.dispatchEvent(new Event('toggle'));
    m.$('.vlist')?.focus();
    m.key('j');
    m.deliver(item(yokaiDetail('1', { gloss: 'Which region?' })));
    assert.equal(m.$('.gloss')?.hasAttribute('open'), true, 'unfolded, it stays so for the next item');
    m.deliver(item(yokaiDetail('1', { gloss: null })));
    assert.ok(m.$('.gloss') === null);
  });

  test('sources: the Wikipedia article and the URLs inside refs_detail are buttons that ask the host to open them', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(
      item(
        yokaiDetail('0', {
          refsDetail: [
            '^ a b 高橋学『洲崎遺跡』2000年。 https://sitereports.nabunken.go.jp/en/article/19322 。',
            null,
            '村上健司 編著 『日本妖怪大事典』',
          ],
        }),
      ),
    );
    const refs = m.$$('.refs li');
    assert.equal(refs.length, 2);
    assert.match(textOf(refs[0] ?? null), /^高橋学/, 'the back-links are dropped');
    const link = refs[0]?.querySelector('.link-button') as HTMLElement | null;
    assert.ok(link);
    link.click();
    assert.deepEqual(m.last('openLink'), { type: 'openLink', url: 'https://sitereports.nabunken.go.jp/en/article/19322' });
    assert.equal(m.root.querySelectorAll('a').length, 0);
    assert.match(textOf(m.$('.disclosure summary')), /Sources 3/);
  });

  test('the judge prompt as sent is one disclosure away; g, p and the header buttons ask for the guidelines and the template', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { judgePrompt: '###指示###\n以下に表示される…' })));
    assert.equal(m.$('.raw[aria-label="Judge prompt"]')?.textContent, '###指示###\n以下に表示される…');
    m.$('.vlist')?.focus();
    m.clearPosted();
    m.key('g');
    m.key('p');
    (m.$('.guidelines-button') as HTMLElement).click();
    (m.$('.judge-prompt-button') as HTMLElement).click();
    assert.deepEqual(
      m.posted('command').map((c) => c.command),
      ['guidelines', 'judgePrompt', 'guidelines', 'judgePrompt'],
    );
  });

  test('a review opened during a run fills in as results arrive, and says when the run has finished', async () => {
    m = await mount();
    const running = init().run;
    m.deliver(init({ run: { ...running, status: 'running' }, rows: [row(0), row(1, { auto: 'missing', label: 'item 1' })] }));
    assert.equal(textOf(m.$('.run-status')), 'running');
    assert.match(textOf(m.$('#item-row-1 .row-badges')), /missing/);
    m.deliver({ type: 'rows', header: init().header, rows: [row(1, { auto: 'false' })], run: { ...running, status: 'finished' } });
    assert.equal(textOf(m.$('.run-status')), 'finished');
    assert.match(textOf(m.$('#item-row-1 .row-badges')), /judge: false/);
    assert.match(textOf(m.$('#item-row-1 .row-label')), /問題 1/);
  });

  test('the help lists the new keys', async () => {
    m = await mount();
    m.deliver(init());
    m.$('.vlist')?.focus();
    m.key('?');
    const help = textOf(m.$('.help-dialog'));
    for (const text of [
      'Blind review on or off',
      'Annotation guidelines, in a tab of their own',
      'recorded as not blind',
      'Clear the search text and the filter',
      'Judge prompt',
      'compare the answer with the next reference',
      'next score beside the references',
    ])
      assert.match(help, new RegExp(text));
  });
});
