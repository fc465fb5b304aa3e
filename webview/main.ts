// Entry of the review webview bundle (esbuild: iife, browser, .css as text).
import { startReviewApp } from './app';
import { preparePage } from './pageSetup';
import styles from './review.css';
import { acquireRealApi } from './vscodeApi';

function main(): void {
  const root = preparePage(styles);
  const api = acquireRealApi();
  if (api === undefined) {
    console.warn('review: acquireVsCodeApi is not available; this page only works inside VS Code.');
    return;
  }
  startReviewApp(root, api);
}

main();
