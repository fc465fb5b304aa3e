import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { init, item, row, yokaiDetail } from './fixtures';
import { type Mounted, mount } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '&lt;b&gt;entity&lt;/b&gt; <b>bold</b>',
  '<a href="javascript:alert(1)">click</a>',
  '<style>body{display:none}</style>',
];

const URL_ATTRIBUTES = new Set(['href', 'src', 'srcdoc', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background']);

/** Every element in the panel, shadow roots of its web components included. */
function allElements(root: Element): Element[] {
  const out: Element[] = [];
  const visit = (node: Element | ShadowRoot): void => {
    for (const child of Array.from(node.children)) {
      out.push(child);
      visit(child);
      if (child.shadowRoot !== null) visit(child.shadowRoot);
    }
  };
  visit(root);
  return out;
}

function assertNoInjectedMarkup(root: Element): void {
  for (const element of allElements(root)) {
    const tag = element.tagName.toLowerCase();
    assert.ok(!['img', 'script', 'iframe', 'style', 'a', 'b', 'object', 'embed'].includes(tag), `a <${tag}> element was created`);
    if (tag === 'svg') assert.ok(!element.closest('.review-app .text-block, .raw, .row-label'), 'an svg from data');
    for (const attr of Array.from(element.attributes)) {
      assert.ok(!/^on/i.test(attr.name), `an ${attr.name} attribute on <${tag}>`);
      assert.ok(!URL_ATTRIBUTES.has(attr.name.toLowerCase()), `a ${attr.name} attribute on <${tag}>`);
    }
  }
}

describe('review webview: model, judge and dataset text is data', () => {
  test('payloads in every text field render as text, never as markup', async () => {
    m = await mount();
    const payload = PAYLOADS.join(' | ');
    m.deliver(
      init({
        rows: [row(0, { label: payload, id: '0' }), row(1, { label: PAYLOADS[0] ?? '' })],
        run: { runDir: '/r', runId: payload, benchmark: 'yokaieval', task: 'mc', model: payload, judge: payload, status: payload },
        annotator: payload,
      }),
    );
    m.deliver(
      item(
        yokaiDetail('0', {
          question: payload,
          choices: PAYLOADS.slice(0, 4),
          gold: PAYLOADS[1] ?? '',
          prompt: payload,
          systemPrompt: payload,
          response: payload,
          judgeReply: payload,
          refusal: payload,
          type: payload,
          region: payload,
          regionNormalized: payload,
          url: 'javascript:alert(1)',
          refsDetail: [payload, null],
          error: { stage: payload, kind: payload, message: payload },
          mine: { verdict: true, hallucination: null, note: payload },
          annotators: [
            {
              annotator: payload,
              role: 'annotator',
              decision: { verdict: false, hallucination: 'other', note: payload },
              time: payload,
              stale: false,
              blind: false,
            },
          ],
        }),
      ),
    );
    m.deliver({ type: 'error', message: payload });
    await m.settle();
    assertNoInjectedMarkup(m.root);
    assert.equal(m.$('.question')?.textContent, payload);
    assert.equal(m.$('.response')?.textContent, payload);
    assert.equal(m.$('.pane-model .raw[aria-label="Judge reply, raw"]')?.textContent, payload);
    assert.deepEqual(
      m.$$('.choice-text').map((c) => c.textContent),
      PAYLOADS.slice(0, 4),
    );
    assert.equal(m.$('.annotator-note')?.textContent, payload);
    assert.equal((m.$('.note') as HTMLElement & { value: string }).value, payload);
    assert.equal(m.$('#item-row-0 .row-label')?.textContent, payload);
    assert.equal(m.$('.run-model')?.textContent, payload);
    assert.equal(m.$('.message-text')?.textContent, payload);
    assert.equal(m.$('.refusal-text')?.textContent, payload);
  });

  test('a javascript: url is not a link: clicking only asks the host, which refuses it', async () => {
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { url: 'javascript:alert(1)' })));
    const button = m.$('.pane-item .link-button');
    assert.ok(button);
    assert.equal(button.getAttribute('href'), null);
    button.click();
    assert.deepEqual(m.last('openLink'), { type: 'openLink', url: 'javascript:alert(1)' });
  });

  test('the webview sources never use innerHTML, outerHTML, insertAdjacentHTML or document.write', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    for (const name of ['webview', 'webview-kit', 'webview-stats'].flatMap((dir) =>
      readdirSync(join(__dirname, '..', '..', dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f)),
    )) {
      const source = readFileSync(join(__dirname, '..', '..', name), 'utf8');
      assert.doesNotMatch(
        source,
        /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|DOMParser|createContextualFragment/,
        name,
      );
    }
  });
});
