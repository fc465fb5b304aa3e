// Entry of the Statistics webview bundle (esbuild: iife, browser, .css as text).
import './components';
import * as z from 'zod';
import { acquireRealApi } from '../webview/vscodeApi';
import { startStatsApp } from './app';
import { canvasChartRenderer } from './charts/canvasRenderer';
import styles from './stats.css';

function adoptStyles(text: string): void {
  // Constructable stylesheets need no nonce and no 'unsafe-inline' under the panel's CSP.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

function main(): void {
  // zod would probe `new Function` for its fast path; the CSP forbids eval, so never try (no CSP report).
  z.config({ jitless: true });
  adoptStyles(styles);
  const api = acquireRealApi();
  if (api === undefined) {
    console.warn('statistics: acquireVsCodeApi is not available; this page only works inside VS Code.');
    return;
  }
  let root = document.getElementById('app');
  if (root === null) {
    root = document.createElement('div');
    root.id = 'app';
    document.body.append(root);
  }
  startStatsApp(root, api, { charts: canvasChartRenderer });
}

main();
