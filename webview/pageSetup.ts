import * as z from 'zod';

/**
 * What every webview page does first: keep zod off its `new Function` fast path (the CSP forbids eval, and
 * the probe would log a violation), adopt the bundle's CSS as a constructable stylesheet (no nonce and no
 * 'unsafe-inline' needed), and return the #app root.
 */
export function preparePage(styles: string): HTMLElement {
  z.config({ jitless: true });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(styles);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let root = document.getElementById('app');
  if (root === null) {
    root = document.createElement('div');
    root.id = 'app';
    document.body.append(root);
  }
  return root;
}
