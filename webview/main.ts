// Entry of the review webview bundle (esbuild: iife, browser, .css as text).
import { startReviewApp } from './app';
import styles from './review.css';
import { acquireRealApi } from './vscodeApi';

function adoptStyles(text: string): void {
  // Constructable stylesheets need no nonce and no 'unsafe-inline' under the panel's CSP.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function main(): void {
  adoptStyles(styles);
  const api = acquireRealApi();
  if (api === undefined) {
    console.warn('review: acquireVsCodeApi is not available; this page only works inside VS Code.');
    return;
  }
  let root = document.getElementById('app');
  if (root === null) {
    root = document.createElement('div');
    root.id = 'app';
    document.body.append(root);
  }
  startReviewApp(root, api);
}

main();
