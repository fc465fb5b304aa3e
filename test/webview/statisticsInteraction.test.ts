import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ValidationReport } from '../../src/core/reports/report';
import { type MountedStats, mountStats } from './statisticsHarness';
import { GPT4O_RESULTS, STATISTICS_RUN_DIR, buildStatisticsReport } from './statisticsFixture';
import { setupDom } from './harness';

let report: ValidationReport | undefined;
let m: MountedStats | undefined;

before(async () => {
  report = await buildStatisticsReport();
});
after(() => m?.unmount());

async function shown(t: { skip: (reason: string) => void }): Promise<MountedStats | undefined> {
  if (report === undefined) {
    const reason = `official file not found: ${GPT4O_RESULTS} (set EVAL_ADJUDICATOR_DATA)`;
    if (process.env['CI'] === 'true') throw new Error(reason);
    t.skip(reason);
    return undefined;
  }
  m?.unmount();
  await setupDom();
  document.body.className = 'vscode-dark';
  document.documentElement.removeAttribute('style');
  m = await mountStats();
  m.deliver({ type: 'statistics', report, runDir: STATISTICS_RUN_DIR });
  await m.settle();
  return m;
}

const key = (target: HTMLElement, name: string): KeyboardEvent => {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('statistics webview: keyboard and theme', () => {
  test('arrow keys step through a chart’s bars, each read aloud; Escape leaves it', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const canvas = s.$('[data-chart="accuracy"]');
    assert.ok(canvas !== null);
    canvas.focus();
    assert.equal(document.activeElement, canvas);
    const status = s.$('[role="status"]');
    assert.ok(key(canvas, 'ArrowDown').defaultPrevented);
    assert.match(status?.textContent ?? '', /^Automatic \(judge\): 64\.0% \[60\.6, 67\.2\] \(1 of 3\)/);
    key(canvas, 'ArrowDown');
    assert.match(status?.textContent ?? '', /^Adjudicated: .* \(2 of 3\)/);
    key(canvas, 'End');
    assert.match(status?.textContent ?? '', /^Estimated true accuracy: .* \(3 of 3\)/);
    key(canvas, 'ArrowDown');
    key(canvas, 'Home');
    key(canvas, 'Escape');
    assert.deepEqual(s.charts.live('accuracy')?.highlights, [0, 1, 2, 2, 0, null]);
    assert.equal(key(canvas, 'a').defaultPrevented, false, 'other keys pass through');
  });

  test('a theme switch redraws the charts and the heatmap in the new --vscode-charts-* colours', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const chart = s.charts.live('accuracy');
    assert.equal(chart?.themes[0]?.kind, 'dark');
    const cell = (): HTMLElement | undefined => s.$$('.heat-cell.is-agreement').find((c) => c.style.backgroundColor !== '');
    const darkFill = cell()?.style.backgroundColor;
    document.documentElement.style.setProperty('--vscode-charts-blue', '#0000ff');
    document.documentElement.style.setProperty('--vscode-editor-background', '#ffffff');
    document.documentElement.style.setProperty('--vscode-charts-foreground', '#333333');
    document.body.className = 'vscode-light';
    await s.settle(10);
    const theme = chart?.themes.at(-1);
    assert.equal(theme?.kind, 'light');
    assert.equal(theme?.tones.blue, '#0000ff');
    assert.equal(theme?.foreground, '#333333');
    assert.equal(chart?.destroyed, false, 'the same chart, recoloured');
    assert.equal(chart?.specs.length, 2);
    assert.notEqual(cell()?.style.backgroundColor, darkFill);
    // Nothing changed: no redraw.
    document.body.className = 'vscode-light';
    document.documentElement.style.setProperty('--vscode-charts-blue', '#0000ff');
    await s.settle(10);
    assert.equal(chart?.specs.length, 2);
  });

  test('the focused chart and open data tables survive a refreshed report', async (t) => {
    const s = await shown(t);
    if (s === undefined) return;
    const details = s.$('figure[data-chart-id="flags"] details') as HTMLDetailsElement | null;
    assert.ok(details !== null);
    details.open = true;
    s.$('[data-chart="agreement"]')?.focus();
    s.deliver({ type: 'statistics', report, runDir: STATISTICS_RUN_DIR });
    await s.settle();
    assert.equal((document.activeElement as HTMLElement | null)?.dataset['chart'], 'agreement');
    assert.equal((s.$('figure[data-chart-id="flags"] details') as HTMLDetailsElement | null)?.open, true);
  });
});
