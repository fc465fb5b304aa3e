// Model output, judge replies, dataset fields and notes are untrusted text. Every payload of the corpus
// (test/fixtures/xssPayloads.ts) goes through every text slot of the YokaiEval, Kalahi and generic views,
// the item list and the header: no element is made from it, no script runs, no request leaves, and the
// text is shown verbatim. A 1 MB output renders too; invalid host messages carrying payloads are ignored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { HostMessage, ItemDetail, ItemRow } from '../../src/core/protocol/review';
import { XSS_PAYLOADS, megabyteOutput } from '../fixtures/xssPayloads';
import { KALAHI_RUN, header, init, item, kalahiDetail, row, yokaiDetail } from './fixtures';
import { type Mounted, mount, setupDom } from './harness';

/** Tags a payload would create if it were parsed as markup (the app's own uses are the baseline's). */
const WATCHED_TAGS = [
  'script',
  'img',
  'iframe',
  'frame',
  'svg',
  'math',
  'style',
  'link',
  'object',
  'embed',
  'base',
  'meta',
  'video',
  'audio',
  'source',
  'picture',
  'form',
  'input',
  'a',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'marquee',
  'foreignobject',
  'use',
  'animate',
  'image',
  'mglyph',
  'mtext',
  'table',
  'x',
  'body',
  'title',
  'textarea',
  'b',
];
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcdoc',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'background',
  'style',
  'http-equiv',
];

/** Every element of the document, shadow roots of web components included. */
function allElements(): Element[] {
  const out: Element[] = [];
  const visit = (node: Document | Element | ShadowRoot): void => {
    for (const child of Array.from(node.children)) {
      out.push(child);
      visit(child);
      if (child.shadowRoot !== null) visit(child.shadowRoot);
    }
  };
  visit(document);
  return out;
}

interface Shape {
  readonly tags: ReadonlyMap<string, number>;
  readonly urlAttributes: ReadonlySet<string>;
  readonly handlers: readonly string[];
}

function shapeOfDocument(): Shape {
  const tags = new Map<string, number>();
  const urlAttributes = new Set<string>();
  const handlers: string[] = [];
  for (const element of allElements()) {
    const tag = element.tagName.toLowerCase();
    if (WATCHED_TAGS.includes(tag)) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    for (const attr of Array.from(element.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) handlers.push(`<${tag} ${name}>`);
      if (URL_ATTRIBUTES.includes(name)) urlAttributes.add(`${tag}[${name}=${attr.value}]`);
    }
  }
  return { tags, urlAttributes, handlers };
}

/** Side effects a payload could cause: requests, dialogs, navigation. Any entry fails the test. */
const leaks: string[] = [];
function guardNetwork(): void {
  const record =
    (what: string) =>
    (...args: unknown[]): never => {
      leaks.push(`${what}(${args.map((a) => String(a).slice(0, 80)).join(', ')})`);
      throw new Error(`a ${what} was attempted`);
    };
  const scope = globalThis as unknown as Record<string, unknown>;
  for (const name of ['fetch', 'alert', 'confirm', 'prompt', 'open']) {
    scope[name] = record(name);
    (window as unknown as Record<string, unknown>)[name] = record(name);
  }
  const xhr = (window as unknown as { XMLHttpRequest: { prototype: Record<string, unknown> } }).XMLHttpRequest;
  xhr.prototype['open'] = record('XMLHttpRequest.open');
  xhr.prototype['send'] = record('XMLHttpRequest.send');
  (navigator as unknown as Record<string, unknown>)['sendBeacon'] = record('sendBeacon');
  for (const name of ['WebSocket', 'EventSource', 'Worker', 'SharedWorker']) {
    const blocked = function (...args: unknown[]): never {
      return record(name)(...args);
    };
    scope[name] = blocked;
    (window as unknown as Record<string, unknown>)[name] = blocked;
  }
}

/** Text slots, each filled with "⟦slot⟧" + the payload so that each can be found on its own. */
const mark = (slot: string, payload: string): string => `⟦${slot}⟧${payload}`;

function yokaiWith(p: string): ItemDetail {
  return yokaiDetail('0', {
    question: mark('question', p),
    choices: [mark('choice0', p), mark('choice1', p), mark('choice2', p), mark('choice3', p)],
    gold: mark('choice1', p),
    prompt: mark('prompt', p),
    systemPrompt: mark('system', p),
    response: mark('response', p),
    judgeReply: mark('judge', p),
    refusal: mark('refusal', p),
    type: mark('type', p),
    region: mark('region', p),
    regionNormalized: mark('regionNormalized', p),
    refsDetail: [mark('ref', p), null],
    gloss: mark('gloss', p),
    judgePrompt: mark('judgePrompt', p),
    error: { stage: 'judge', kind: mark('errorKind', p), message: mark('errorMessage', p) },
    mine: { verdict: true, hallucination: null, note: mark('myNote', p) },
    annotators: [
      {
        annotator: mark('annotator', p),
        role: 'annotator',
        decision: { verdict: false, hallucination: 'other', note: mark('otherNote', p) },
        time: '2026-11-29T12:00:00.000Z',
        stale: false,
        blind: false,
      },
    ],
  });
}

function kalahiWith(p: string): ItemDetail {
  const base = kalahiDetail('0101000100');
  if (base.kind !== 'references' || base.open === null) throw new Error('the Kalahi fixture changed');
  return {
    ...base,
    prompt: mark('kPrompt', p),
    systemPrompt: mark('kSystem', p),
    category: mark('kCategory', p),
    topic: mark('kTopic', p),
    references: {
      relevant: [mark('kRelevant0', p), mark('kRelevant1', p)],
      irrelevant: [mark('kIrrelevant0', p), mark('kIrrelevant1', p)],
      bestIndex: 0,
    },
    open: { ...base.open, answer: mark('kAnswer', p), refusal: mark('kRefusal', p) },
    mine: { verdict: null, hallucination: 'wrong-filipino-practice', note: mark('kNote', p) },
  };
}

function genericWith(p: string): ItemDetail {
  return {
    kind: 'texts',
    id: '0',
    auto: 'true',
    error: null,
    annotators: [],
    mine: null,
    final: null,
    conflict: false,
    canUndo: false,
    fields: [
      { label: mark('gLabel', p), text: mark('gText', p) },
      { label: 'prompt', text: mark('gPrompt', p) },
    ],
    response: mark('gResponse', p),
  };
}

function rowsWith(p: string): ItemRow[] {
  return [row(0, { label: mark('label', p), facets: { type: mark('facetType', p), region: 'x' } }), row(1, { label: mark('label1', p) })];
}

type View = 'yokaieval' | 'kalahi' | 'generic';

function messagesFor(view: View, p: string): HostMessage[] {
  const run =
    view === 'kalahi'
      ? KALAHI_RUN
      : {
          runDir: '/runs/r',
          runId: mark('runId', p),
          benchmark: 'yokaieval' as const,
          task: 'judge',
          model: mark('model', p),
          judge: mark('judgeName', p),
          status: 'finished',
        };
  const rows = rowsWith(p).map((r) => (view === 'kalahi' ? { ...r, id: '0101000100' } : r));
  const detail = view === 'yokaieval' ? yokaiWith(p) : view === 'kalahi' ? kalahiWith(p) : genericWith(p);
  return [
    init({
      run,
      rows: view === 'kalahi' ? rows.slice(0, 1) : rows,
      header: header({ items: 2 }),
      annotator: mark('me', p),
      selectedItemId: rows[0]?.id ?? null,
    }),
    item(detail),
    { type: 'error', message: mark('hostError', p) },
  ];
}

/** Slots that must always be shown verbatim (the test is not vacuous if the views change). */
const REQUIRED_SLOTS: Readonly<Record<View, readonly string[]>> = {
  yokaieval: ['question', 'choice0', 'choice3', 'response', 'judge', 'otherNote', 'errorMessage', 'refusal', 'label', 'hostError'],
  kalahi: ['kPrompt', 'kRelevant0', 'kIrrelevant1', 'kAnswer', 'hostError'],
  generic: ['gText', 'gResponse', 'hostError'],
};
const SLOT_NAMES = /⟦([A-Za-z0-9]+)⟧/g;

let m: Mounted | undefined;

async function render(view: View, payload: string): Promise<void> {
  m?.unmount();
  m = await mount();
  for (const message of messagesFor(view, payload)) m.deliver(message);
  await m.settle();
}

const pageText = (): string => document.documentElement.textContent ?? '';

describe('review webview: the XSS corpus in every text slot is inert text', () => {
  const baselines = new Map<View, Shape>();
  const shown = new Map<View, string[]>();

  before(async () => {
    await setupDom();
    guardNetwork();
    for (const view of ['yokaieval', 'kalahi', 'generic'] as const) {
      await render(view, 'plain text');
      baselines.set(view, shapeOfDocument());
      shown.set(
        view,
        [...pageText().matchAll(SLOT_NAMES)].map((match) => match[1] ?? '').filter((slot, i, all) => all.indexOf(slot) === i),
      );
      process.stderr.write(`xss corpus: ${view} slots checked verbatim: ${(shown.get(view) ?? []).join(', ')}\n`);
    }
  });
  after(() => m?.unmount());

  test(`the corpus holds at least 50 payloads (${XSS_PAYLOADS.length})`, () => {
    assert.ok(XSS_PAYLOADS.length >= 50);
    assert.equal(new Set(XSS_PAYLOADS.map((p) => p.id)).size, XSS_PAYLOADS.length);
    for (const view of ['yokaieval', 'kalahi', 'generic'] as const) {
      const missing = REQUIRED_SLOTS[view].filter((slot) => !(shown.get(view) ?? []).includes(slot));
      assert.deepEqual(missing, [], `${view}: slots not shown at all`);
    }
  });

  for (const view of ['yokaieval', 'kalahi', 'generic'] as const) {
    test(`${view}: every payload in every slot creates no element, runs nothing, requests nothing, and reads verbatim`, async () => {
      const baseline = baselines.get(view);
      assert.ok(baseline !== undefined);
      for (const { id, payload } of XSS_PAYLOADS) {
        await render(view, payload);
        const shape = shapeOfDocument();
        assert.deepEqual(shape.handlers, [], `${id}: event handler attributes`);
        for (const tag of WATCHED_TAGS) {
          assert.equal(shape.tags.get(tag) ?? 0, baseline.tags.get(tag) ?? 0, `${view} ${id}: <${tag}> elements`);
        }
        const added: string[] = [...shape.urlAttributes].filter((a) => !baseline.urlAttributes.has(a));
        assert.deepEqual(added, [], `${view} ${id}: URL or style attributes from data`);
        const text = pageText();
        for (const slot of shown.get(view) ?? []) {
          if (slot === 'ref') continue; // reference text is linkified (http URLs become link buttons): checked for injection only
          assert.ok(text.includes(mark(slot, payload)), `${view} ${id}: slot ${slot} is not shown verbatim`);
        }
        const noteEditor = m?.$('.note') as (HTMLElement & { value?: string }) | null | undefined;
        const myNote = view === 'yokaieval' ? mark('myNote', payload) : view === 'kalahi' ? mark('kNote', payload) : undefined;
        if (myNote !== undefined && noteEditor?.value !== undefined)
          assert.equal(noteEditor.value, myNote, `${id}: the note editor holds the note as text`);
        assert.deepEqual(leaks, [], `${view} ${id}: a request, dialog or navigation`);
        assert.equal(document.querySelector('base'), null);
      }
    });
  }

  test('the checks catch what a vulnerable view would do (markup parsed from data)', async () => {
    await render('yokaieval', 'plain text');
    const baseline = baselines.get('yokaieval');
    const planted = document.createElement('div');
    // Test-only: what a view that used innerHTML would make of a payload.
    planted.innerHTML = '<img src="x" onerror="void 0"><a href="javascript:void 0">x</a>';
    m?.root.append(planted);
    const shape = shapeOfDocument();
    assert.ok(shape.handlers.includes('<img onerror>'));
    assert.notEqual(shape.tags.get('img') ?? 0, baseline?.tags.get('img') ?? 0);
    assert.ok([...shape.urlAttributes].some((a) => a.startsWith('a[href=javascript:')));
    planted.remove();
    assert.throws(
      () => (globalThis as unknown as { fetch: (url: string) => unknown }).fetch('http://exfil.invalid/probe'),
      /fetch was attempted/,
    );
    assert.equal(leaks.length, 1, 'the network guard records a request');
    leaks.length = 0;
  });

  test('a 1 MB model output (with payloads in it) renders as text', async () => {
    const output = megabyteOutput();
    assert.ok(Buffer.byteLength(output) >= 1024 * 1024);
    m?.unmount();
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0', { response: output, judgeReply: output })));
    await m.settle();
    assert.equal(m.$('.response')?.textContent, output, 'the whole output is there, as text');
    assert.ok(pageText().includes(output));
    const shape = shapeOfDocument();
    assert.equal(shape.tags.get('script') ?? 0, 0);
    assert.deepEqual(shape.handlers, []);
    assert.deepEqual(leaks, []);
  });

  test('host messages that fail the protocol, payloads and all, are ignored and the panel keeps working', async () => {
    m?.unmount();
    m = await mount();
    m.deliver(init());
    m.deliver(item(yokaiDetail('0')));
    await m.settle();
    const question = m.$('.question')?.textContent;
    const p = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const invalid: unknown[] = [
      { type: 'item', detail: { kind: 'choices', id: '0', question: p } },
      { type: 'item', detail: { ...yokaiDetail('0', { question: p }), choices: p } },
      { type: 'init', run: p, rows: p },
      { type: p },
      { type: 'rows', header: p, rows: [{ id: p }] },
      { type: 'error' },
      { type: 'saved', itemId: p, requestId: p },
      p,
      null,
      42,
      [p],
    ];
    for (const message of invalid) m.deliver(message);
    await m.settle();
    assert.equal(m.$('.question')?.textContent, question, 'the item shown did not change');
    assert.ok(!pageText().includes(p));
    assert.equal(shapeOfDocument().tags.get('script') ?? 0, 0);
    assert.deepEqual(leaks, []);
    m.deliver(item(yokaiDetail('0', { question: `still works ${p}` })));
    await m.settle();
    assert.equal(m.$('.question')?.textContent, `still works ${p}`);
  });
});
