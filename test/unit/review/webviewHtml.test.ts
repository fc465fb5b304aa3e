import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { getWebviewHtml } from '../../../src/extension/panels/webviewHtml';

test('the webview shell has a strict CSP: nothing by default, scripts by nonce only, no unsafe-inline or eval', async () => {
  const title = `Review: <b>"x"</b> & 'y'`;
  const html = getWebviewHtml({
    cspSource: 'vscode-webview://abc',
    scriptUri: 'vscode-webview://abc/dist/webview.js?a=1&b="2"',
    codiconsUri: 'vscode-webview://abc/dist/codicon.css',
    title,
    nonce: 'N0nce',
  });
  // Read as a browser reads it: attribute values and the title with their character references decoded.
  const window = new Window();
  try {
    window.document.write(html);
    const csp = window.document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-N0nce'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const scripts = [...window.document.querySelectorAll('script')];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]?.getAttribute('nonce'), 'N0nce');
    assert.equal(scripts[0]?.getAttribute('src'), 'vscode-webview://abc/dist/webview.js?a=1&b="2"', 'an attribute keeps its text whole');
    assert.ok(window.document.getElementById('vscode-codicon-stylesheet') !== null);
    assert.equal(window.document.title, title, 'the title shows as text');
    assert.equal(window.document.querySelectorAll('b').length, 0, 'the title is no markup');
  } finally {
    await window.happyDOM.close();
  }
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});
