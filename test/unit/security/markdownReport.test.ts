// The Markdown the tool writes (the validation report, the cross-run table) renders hostile annotator names,
// notes, model names and dataset text as text: rendered by markdown-it with raw HTML allowed (as a viewer
// that renders HTML does) and parsed by happy-dom, it holds only the report's own elements, no attribute,
// and every payload's characters as text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import MarkdownIt from 'markdown-it';
import { type Block, toMarkdown } from '../../../src/core/judgeValidation/document';
import { runCli } from '../../helpers/cli';
import { scratchDir } from '../../helpers/scratch';
import { eventOn, writeSyntheticRun } from '../../helpers/syntheticRun';
import { XSS_PAYLOADS } from '../../fixtures/xssPayloads';

const OWN_ELEMENTS = new Set([
  'HTML',
  'HEAD',
  'BODY',
  'H1',
  'H2',
  'H3',
  'P',
  'UL',
  'LI',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'BR',
]);

/** The rendered page's elements that are not the report's own markup, or carry an attribute. */
function foreignMarkup(markdown: string, options: { linkify: boolean }): { foreign: string[]; text: string } {
  const html = new MarkdownIt({ html: true, linkify: options.linkify }).render(markdown);
  const window = new Window();
  window.document.write(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  const foreign: string[] = [];
  for (const element of window.document.querySelectorAll('*')) {
    const href = element.getAttribute('href');
    // A bare http(s) URL may become a link in a linkifying viewer: a link, nothing that runs or loads.
    if (element.tagName === 'A' && options.linkify && href !== null && /^https?:\/\//.test(href) && element.attributes.length === 1)
      continue;
    if (!OWN_ELEMENTS.has(element.tagName) || element.attributes.length > 0) foreign.push(element.outerHTML.slice(0, 120));
  }
  const text = window.document.body.textContent ?? '';
  void window.happyDOM.close();
  return { foreign, text };
}

/** What a payload reads as once rendered: markdown-it turns NUL into U+FFFD, a line break is a <br>. */
const asRendered = (payload: string): string => payload.replaceAll('\u0000', '\uFFFD').replace(/\r?\n/g, '').trim();

test('every payload as heading, paragraph, list item and table cell renders as its own text, with no element of its own', () => {
  const payloads = XSS_PAYLOADS.map((p) => p.payload);
  const blocks: Block[] = payloads.flatMap((payload): Block[] => [
    { kind: 'heading', level: 2, text: payload },
    { kind: 'paragraph', text: payload },
    { kind: 'list', items: [payload, `note: ${payload}`] },
    { kind: 'table', header: ['annotator', payload], rows: [[payload, `a\nb ${payload}`]] },
  ]);
  for (const linkify of [false, true]) {
    const { foreign, text } = foreignMarkup(toMarkdown(blocks), { linkify });
    assert.deepEqual(foreign, [], `linkify ${linkify}: elements made from the text`);
    // (A linkifying viewer shows a URL's text its own way; what counts there is that nothing else is made.)
    if (!linkify)
      for (const payload of payloads) assert.ok(text.includes(asRendered(payload)), `${payload.slice(0, 60)} is not shown as text`);
  }
  for (const start of ['# heading', '- item', '+ item', '1. one', '2) two', '> quote', '===', '---', '    code']) {
    const { foreign } = foreignMarkup(
      toMarkdown([
        { kind: 'paragraph', text: 'x' },
        { kind: 'list', items: [start] },
        { kind: 'paragraph', text: start },
      ]),
      { linkify: false },
    );
    assert.deepEqual(foreign, [], `${start} starts a block of its own`);
  }
});

test('report --format md over a run whose annotators are named with payloads: their names render as text', async () => {
  const run = writeSyntheticRun(join(scratchDir('md-report'), 'run'), 6);
  const names = ['<img src=x onerror=alert(1)>', '<b>Aiko</b> **bold** [x](javascript:alert(1))', 'Ben"><svg onload=alert(1)>'];
  const events = names.flatMap((annotator, a) =>
    run.ids.map((itemId, i) =>
      eventOn(run, { itemId, annotator, minute: a * 10 + i, verdict: (i + a) % 2 === 0, note: `<script>alert(${i})</script>` }),
    ),
  );
  writeFileSync(run.adjudications, events.map((e) => `${JSON.stringify(e)}\n`).join(''));
  const out = join(run.dir, 'report.md');
  const report = await runCli(['report', run.dir, '--format', 'md', '--out', out]);
  assert.equal(report.code, 0, report.stderr);
  const markdown = readFileSync(out, 'utf8');
  const { foreign, text } = foreignMarkup(markdown, { linkify: false });
  assert.deepEqual(foreign, [], 'the report renders markup from an annotator name');
  for (const name of names) assert.ok(text.includes(name), `${name} is shown as text`);
});
