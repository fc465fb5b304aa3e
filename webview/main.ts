// Entry of the review webview bundle (esbuild: iife, browser, .css as text).
import { startReviewApp } from './app';
import { preparePage } from '../webview-kit/pageSetup';
import styles from './review.css';
import gradedStyles from './graded.css';
import { acquireRealApi } from '../webview-kit/vscodeApi';

function main(): void {
  const root = preparePage(`${styles}\n${gradedStyles}`);
  const api = acquireRealApi();
  if (api === undefined) {
    console.warn('review: acquireVsCodeApi is not available; this page only works inside VS Code.');
    return;
  }
  startReviewApp(root, api);
}

main();
