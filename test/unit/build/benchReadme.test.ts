// `npm run bench` writes each run into bench/README.md between its markers, newest first, the last five kept,
// and never touches the text around them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { BENCH_README, type BenchReport, RUNS_END, RUNS_START, recordRun, withRun } from '../../../bench/readme';
import { scratchDir } from '../../helpers/scratch';

function report(time: string, load: number): BenchReport {
  return {
    time,
    machine: {
      node: 'v20.20.2',
      platform: 'linux x64',
      cpus: 2,
      cpuModel: 'CPU | model',
      memoryGB: 24,
      loadAverageAtStart: [load, 1, 1],
      loadAverageAtEnd: [0.5, 1, 1],
    },
    durationSeconds: 12.5,
    targets: [
      { name: 'Kalahi MC vs bare client', value: 1.07, target: '<= 1.05', met: false },
      { name: 'not run', value: null, target: '<= 2', met: false },
    ],
    warnings: [],
    metrics: { pairs: 1534 },
    runner: { error: 'skipped (--only)' },
  };
}

test('each run is written between the markers, dated with its load, newest first, five kept, the text around untouched', () => {
  const file = join(scratchDir('bench-readme'), 'README.md');
  const around = ['# Performance', 'Before.', RUNS_START, '', RUNS_END, '## After', 'Hand figures of 2026-12-03.'];
  writeFileSync(file, around.join('\n\n'));
  for (let i = 1; i <= 7; i++) recordRun(report(`2026-12-0${i}T10:0${i}:00.000Z`, i), ['--only', 'metrics'], file);
  const text = readFileSync(file, 'utf8');
  const dates = [...text.matchAll(/^### (2026-12-0\d \d\d:\d\d) UTC: `npm run bench -- --only metrics`$/gm)].map((m) => m[1]);
  assert.deepEqual(dates, ['2026-12-07 10:07', '2026-12-06 10:06', '2026-12-05 10:05', '2026-12-04 10:04', '2026-12-03 10:03']);
  assert.ok(text.startsWith('# Performance\n\nBefore.\n\n'));
  assert.ok(text.endsWith(`${RUNS_END}\n\n## After\n\nHand figures of 2026-12-03.`));
  assert.match(text, /load average 7 \/ 1 \/ 1 at the start, 0\.5 \/ 1 \/ 1 at the end; 12\.5 s\./);

  // The newest entry's table, read as Markdown: the measured target only, its bar escaped; the JSON holds what ran.
  const newest = text.slice(text.indexOf('### 2026-12-07'), text.indexOf('### 2026-12-06'));
  const html = new MarkdownIt({ html: true }).render(newest);
  assert.match(html, /<td>Kalahi MC vs bare client<\/td>\s*<td>1\.07<\/td>\s*<td>&lt;= 1\.05<\/td>\s*<td><strong>no<\/strong><\/td>/);
  assert.doesNotMatch(html.slice(0, html.indexOf('<details>')), /not run/);
  const json = /```json\n([\s\S]*?)\n```/.exec(newest)?.[1] ?? '';
  const figures = JSON.parse(json) as Record<string, unknown>;
  assert.deepEqual(figures['metrics'], { pairs: 1534 });
  assert.equal(figures['runner'], undefined);
});

test('a README without the markers is refused, naming them', () => {
  assert.throws(() => withRun('# Performance\n', 'entry'), /markers/);
});

test('bench/README.md has the markers the bench writes between', () => {
  const text = readFileSync(BENCH_README, 'utf8');
  assert.ok(text.indexOf(RUNS_START) !== -1 && text.indexOf(RUNS_END) > text.indexOf(RUNS_START));
});
