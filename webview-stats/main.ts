// Entry of the Statistics webview bundle (esbuild: iife, browser, .css as text).
import './components';
import { preparePage } from '../webview-kit/pageSetup';
import { acquireRealApi } from '../webview-kit/vscodeApi';
import { startStatsApp } from './app';
import { canvasChartRenderer } from './charts/canvasRenderer';
import styles from './stats.css';

function main(): void {
  const root = preparePage(styles);
  const api = acquireRealApi();
  if (api === undefined) {
    console.warn('statistics: acquireVsCodeApi is not available; this page only works inside VS Code.');
    return;
  }
  startStatsApp(root, api, { charts: canvasChartRenderer });
}

main();
