import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getWebviewHtml } from '../../../src/extension/panels/webviewHtml';

test('the webview shell has a strict CSP: nothing by default, scripts by nonce only, no unsafe-inline or eval', () => {
  const html = getWebviewHtml({
    cspSource: 'vscode-webview://abc',
    scriptUri: 'vscode-webview://abc/dist/webview.js',
    codiconsUri: 'vscode-webview://abc/dist/codicon.css',
    title: 'Review: <b>"x"</b>',
    nonce: 'N0nce',
  });
  const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-N0nce'(;|$)/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  assert.match(html, /<script nonce="N0nce" src="vscode-webview:\/\/abc\/dist\/webview\.js"><\/script>/);
  assert.match(html, /id="vscode-codicon-stylesheet"/);
  assert.doesNotMatch(html, /<b>/, 'the title is escaped');
  assert.equal((html.match(/<script/g) ?? []).length, 1);
});
