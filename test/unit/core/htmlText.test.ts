import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { escapeHtml } from '../../../src/core/util/htmlText';
import { XSS_PAYLOADS } from '../../fixtures/xssPayloads';

// An HTML parser turns NUL into U+FFFD and CR LF into LF in any text, escaped or not: such payloads cannot come back byte for byte.
const payloads = XSS_PAYLOADS.map((p) => p.payload).filter((p) => !p.includes('\u0000') && !p.includes('\r'));

test('escaped text reads back as exactly that text, in an element and in attributes quoted either way', async () => {
  const window = new Window();
  try {
    const body = payloads
      .map((text, i) => `<p id="p${i}" data-double="${escapeHtml(text)}" data-single='${escapeHtml(text)}'>${escapeHtml(text)}</p>`)
      .join('');
    window.document.write(`<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`);
    assert.equal(window.document.body.querySelectorAll('*').length, payloads.length, 'no element but the paragraphs');
    payloads.forEach((text, i) => {
      const p = window.document.getElementById(`p${i}`);
      assert.equal(p?.textContent, text);
      assert.equal(p?.getAttribute('data-double'), text);
      assert.equal(p?.getAttribute('data-single'), text);
    });
  } finally {
    await window.happyDOM.close();
  }
});

test('the five characters become references, and nothing else changes', () => {
  assert.equal(escapeHtml(`a&b<c>d"e'f 妖怪 ñ`), 'a&amp;b&lt;c&gt;d&quot;e&#39;f 妖怪 ñ');
  assert.equal(escapeHtml('&amp;'), '&amp;amp;');
});
