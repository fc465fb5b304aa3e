import * as z from 'zod';
import base from './base.css';

/**
 * What every webview page does first: keep zod off its `new Function` fast path (the CSP forbids eval, and
 * the probe would log a violation), adopt the kit's base stylesheet and the app's as constructable
 * stylesheets (no nonce and no 'unsafe-inline' needed), and return the #app root.
 */
export function preparePage(styles: string): HTMLElement {
  z.config({ jitless: true });
  const sheets = [base, styles].map((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  });
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...sheets];
  let root = document.getElementById('app');
  if (root === null) {
    root = document.createElement('div');
    root.id = 'app';
    document.body.append(root);
  }
  return root;
}
