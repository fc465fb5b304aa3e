import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CrossRunRow, latexEscape, renderCrossRunTable } from '../../../src/core/reports/crossRunTable';
import { toHtml, toMarkdown } from '../../../src/core/judgeValidation/document';

const ROW: CrossRunRow = {
  benchmark: 'yokaieval',
  model: 'qwen2.5_7b & co|x',
  judge: 'gpt-4o',
  runId: 'r1',
  items: 810,
  automatic: 0.5469,
  automaticCI: [0.5124, 0.5809],
  adjudicated: 0.5321,
  adjudicatedCI: [0.47, 0.59],
  method: 'stratified-ppi',
  humanVerdicts: 100,
  kappa: 0.71,
  kappaCI: [0.6, 0.82],
  humanKappa: 0.8,
  flags: ['nulls'],
};

test('the cross-run table in CSV, Markdown and LaTeX, special characters escaped', () => {
  const csv = renderCrossRunTable([ROW], 'csv');
  assert.ok(
    csv.startsWith(
      '\uFEFFbenchmark,model,judge,run,items,automatic,automatic_lo,automatic_hi,adjudicated,adjudicated_lo,adjudicated_hi,method,human_verdicts,kappa,kappa_lo,kappa_hi,human_kappa,flags\r\n',
    ),
  );
  assert.ok(
    csv.includes(
      'yokaieval,qwen2.5_7b & co|x,gpt-4o,r1,810,0.5469,0.5124,0.5809,0.5321,0.47,0.59,stratified-ppi,100,0.71,0.6,0.82,0.8,nulls',
    ),
  );
  assert.ok(
    renderCrossRunTable([ROW], 'md').includes(
      '| yokaieval | qwen2.5_7b & co\\|x | gpt-4o | 54.7% \\[51.2, 58.1] | 53.2% \\[47.0, 59.0] | 100 (stratified-ppi) | 0.71 \\[0.60, 0.82] | 0.80 | nulls |',
    ),
  );
  const tex = renderCrossRunTable([{ ...ROW, adjudicated: null, adjudicatedCI: null }], 'tex');
  assert.ok(tex.includes('yokaieval & qwen2.5\\_7b \\& co|x & gpt-4o & 54.7 [51.2, 58.1] & n/a & 100 & 0.71 [0.60, 0.82] & nulls \\\\'));
  assert.equal(latexEscape('50% of $x^2 ~ {a}\\'), '50\\% of \\$x\\textasciicircum{}2 \\textasciitilde{} \\{a\\}\\textbackslash{}');
});

test('reports render model text as text: Markdown cells escaped, HTML escaped, no markup passes through', () => {
  const blocks = [
    { kind: 'heading' as const, level: 1 as const, text: 'Run <b>x</b>' },
    { kind: 'table' as const, header: ['a|b'], rows: [['<script>alert(1)</script>\nline']] },
  ];
  const md = toMarkdown(blocks);
  assert.ok(md.includes('| a\\|b |') && md.includes('&lt;script>alert(1)&lt;/script><br>line') && !md.includes('<script>'));
  assert.ok(md.startsWith('# Run &lt;b>x&lt;/b>\n'));
  const html = toHtml(blocks, 'T & <U>');
  assert.ok(html.includes('<title>T &amp; &lt;U&gt;</title>'));
  assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;') && !html.includes('<script>'));
  assert.ok(html.includes('<h1>Run &lt;b&gt;x&lt;/b&gt;</h1>'));
});
