import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { KALAHI_MC, KALAHI_RUN, header, init, item, kalahiDetail, kalahiRows } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

async function kalahi(rows = kalahiRows(6), run = KALAHI_RUN): Promise<Mounted> {
  const mounted = await mount();
  mounted.deliver(init({ run, rows, header: header({ items: rows.length }) }));
  return mounted;
}

function refs(mounted: Mounted, kind: 'relevant' | 'irrelevant'): HTMLElement[] {
  return mounted.$$(`.ref-list-${kind} .ref`);
}

const scoreOf = (ref: HTMLElement | undefined): string => textOf(ref?.querySelector('.score-value'));

describe('review webview: Kalahi open-ended', () => {
  test('the answer beside the relevant and irrelevant references, each scored by the primary metric, the maxima and the best answer marked', async () => {
    m = await kalahi();
    assert.match(textOf(m.$('.run-meta')), /scored by chrF/);
    assert.match(textOf(m.$('#item-row-0 .row-badges')), /chrF: false/, 'the list names who gave the automatic verdict');
    m.deliver(item(kalahiDetail('0101000100')));
    const answer = m.$('.pane-item .answer');
    assert.equal(answer?.getAttribute('lang'), 'fil');
    assert.equal(answer?.textContent, 'Dapat kang magmano sa iyong Lola at batiin siya nang may paggalang.');
    const relevant = refs(m, 'relevant');
    const irrelevant = refs(m, 'irrelevant');
    assert.equal(relevant.length, 2);
    assert.equal(irrelevant.length, 2);
    assert.deepEqual(relevant.map(scoreOf), ['0.410', '0.350']);
    assert.deepEqual(irrelevant.map(scoreOf), ['0.220', '0.120']);
    assert.ok(relevant[0]?.classList.contains('is-max') && !relevant[1]?.classList.contains('is-max'));
    assert.ok(irrelevant[0]?.classList.contains('is-max'));
    assert.match(textOf(relevant[0]), /best answer/);
    assert.match(textOf(relevant[0]), /max relevant/);
    assert.match(textOf(irrelevant[0]), /max irrelevant/);
    assert.match(relevant[0]?.querySelector('.bar-track')?.getAttribute('aria-label') ?? '', /chrF of R1: 0\.410/);
    assert.equal((relevant[0]?.querySelector('.bar-fill') as HTMLElement | null)?.style.width, '41.0%', 'bar width set from script');
    assert.ok(
      relevant[0]?.querySelector('.bar-relevant') && irrelevant[0]?.querySelector('.bar-irrelevant'),
      'relevant and irrelevant told apart',
    );
    // The automatic verdict is the primary metric's acc.
    assert.match(textOf(m.$('.pane-item .subheading')), /Model answer.*chrF acc.*true/);
    assert.match(textOf(m.$('.measure-summary')), /chrF primary max relevant 0\.410 max irrelevant 0\.220 diff \+0\.190 acc true/);
  });

  test('every metric has its diff and acc in a table, the primary one marked; m and a click change the scores shown', async () => {
    m = await kalahi();
    m.deliver(item(kalahiDetail('0101000100')));
    const table = m.$('.metric-table');
    assert.ok(table);
    const rows = m.$$('.metric-row');
    assert.deepEqual(
      rows.map((r) => r.dataset['metric']),
      ['chrf', 'bleu'],
    );
    assert.match(textOf(rows[0] ?? null), /chrF primary 0\.410 0\.220 \+0\.190 .*true/);
    assert.match(textOf(rows[1] ?? null), /BLEU 0\.110 0\.200 −0\.090 .*false/);
    assert.ok(rows[0]?.classList.contains('is-primary'));
    m.$('.vlist')?.focus();
    m.key('m');
    await m.settle();
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['0.050', '0.110'], 'BLEU now');
    assert.ok(refs(m, 'relevant')[1]?.classList.contains('is-max'));
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'bleu');
    (m.$('.metric-row[data-metric="chrf"] .metric-name') as HTMLElement).click();
    await m.settle();
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['0.410', '0.350']);
    m.key('M', { shiftKey: true });
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'bleu', 'M goes back (wrapping)');
  });

  test('word overlap: the answer’s words found in the compared reference are marked in both, as DOM text styling', async () => {
    m = await kalahi();
    m.deliver(item(kalahiDetail('0101000100')));
    const answer = m.$('.pane-item .answer');
    assert.ok(answer);
    // Default: the relevant reference closest under the primary metric (R1).
    assert.equal(m.$('.ref.is-compared')?.dataset['ref'], 'relevant:0');
    const marked = Array.from(answer.querySelectorAll('mark.overlap')).map((e) => e.textContent);
    assert.deepEqual(marked, ['magmano', 'Lola', 'paggalang'], 'content words only: not "sa", "iyong"');
    assert.equal(answer.textContent, 'Dapat kang magmano sa iyong Lola at batiin siya nang may paggalang.', 'the text is unchanged');
    assert.deepEqual(
      Array.from(m.$$('.ref.is-compared mark.overlap')).map((e) => e.textContent),
      ['Magmano', 'Lola', 'paggalang'],
    );
    assert.match(textOf(m.$('.overlap-legend')), /3 of the answer’s \d+ content words also occur in relevant #1/);
    m.$('.vlist')?.focus();
    m.key('o');
    await m.settle();
    assert.equal(m.$('.ref.is-compared')?.dataset['ref'], 'relevant:1');
    assert.deepEqual(
      Array.from(answer.isConnected ? answer.querySelectorAll('mark.overlap') : m.$$('.pane-item .answer mark.overlap')).map(
        (e) => e.textContent,
      ),
      ['magmano', 'Lola', 'batiin'],
    );
    (m.$('.ref[data-ref="irrelevant:0"] .compare-button') as HTMLElement).click();
    await m.settle();
    assert.equal(m.$('.ref[data-ref="irrelevant:0"] .compare-button')?.getAttribute('aria-pressed'), 'true');
    assert.deepEqual(
      m.$$('.pane-item .answer mark.overlap').map((e) => e.textContent),
      ['Lola'],
    );
  });

  test('an empty answer and a refusal say so; the detail of an errored item shows the error', async () => {
    m = await kalahi();
    const base = kalahiDetail('0101000100');
    assert.equal(base.kind, 'references');
    if (base.kind !== 'references' || base.open === null) return;
    m.deliver(item({ ...base, auto: 'false', open: { ...base.open, answer: '', empty: true, refusal: 'content_filter' } }));
    assert.match(textOf(m.$('.pane-item')), /Refused by the content filter/);
    assert.match(textOf(m.$('.pane-item')), /Empty answer: every metric scores 0/);
    m.deliver(item({ ...base, auto: 'error', open: null, error: { stage: 'model', kind: 'timeout', message: 'no answer in 120 s' } }));
    assert.match(textOf(m.$('.callout-error')), /Error in the model stage.*timeout.*no answer in 120 s/);
  });

  test('references and answers are data: markup in them is text', async () => {
    m = await kalahi();
    const payload = '<img src=x onerror=alert(1)> <b>Lola</b>';
    m.deliver(
      item(
        kalahiDetail('0101000100', {
          prompt: payload,
          references: { relevant: [payload, 'Lola'], irrelevant: [payload, 'x'], bestIndex: 0 },
        }),
      ),
    );
    assert.equal(m.root.querySelectorAll('img, b, script').length, 0);
    assert.equal(refs(m, 'relevant')[0]?.querySelector('.ref-text')?.textContent, payload);
    assert.equal(m.$('.prompt')?.textContent, payload);
  });
});

describe('review webview: Kalahi long prompts', () => {
  test('a long prompt is clamped in a focusable box with a Show all button that opens and closes it; a short one is not', async () => {
    m = await kalahi();
    const long = Array.from(
      { length: 9 },
      (_, i) => `Linya ${i + 1}: Ang iyong Lola ay dumating mula sa probinsya at nasa sala siya ngayon.`,
    ).join('\n');
    m.deliver(item(kalahiDetail('0101000100', { prompt: long })));
    const box = m.$('.pane-item .prompt-clamp');
    assert.ok(box?.classList.contains('is-long'), 'a nine-line prompt is clamped');
    const prompt = m.$('.pane-item .prompt');
    assert.equal(prompt?.textContent, long, 'the whole text is there, only its box is bounded');
    assert.equal(prompt?.getAttribute('tabindex'), '0', 'the clamped prompt scrolls from the keyboard');
    const toggle = m.$('.pane-item .prompt-toggle');
    assert.equal(toggle?.tagName, 'BUTTON');
    assert.equal(toggle?.getAttribute('aria-expanded'), 'false');
    assert.equal(toggle?.getAttribute('aria-controls'), prompt?.id);
    assert.match(textOf(toggle), /Show all \(\d+ lines\)/);
    toggle?.click();
    assert.ok(box?.classList.contains('is-expanded'));
    assert.equal(toggle?.getAttribute('aria-expanded'), 'true');
    assert.match(textOf(toggle), /Show less/);
    toggle?.click();
    assert.ok(!box?.classList.contains('is-expanded'));
    assert.ok(m.$('.pane-item .answer') !== null, 'the answer follows the prompt');

    m.deliver(item(kalahiDetail('0101000100', { prompt: 'Paano ko babatiin ang aking Lola?' })));
    assert.equal(m.$('.pane-item .prompt-clamp')?.classList.contains('is-long'), false, 'a one-line prompt is shown as it is');
    assert.equal(m.$('.pane-item .prompt-toggle'), null);
  });
});

describe('review webview: Kalahi multiple choice', () => {
  const MC_RUN = { ...KALAHI_RUN, task: 'mc', metrics: [], primaryMetric: null };

  test('an MC-only run shows MC1 and MC2 in the header, not an automatic accuracy of 0%', async () => {
    const rows = kalahiRows(3, () => ({ decidable: false, auto: 'null', metricAcc: undefined }));
    m = await mount();
    m.deliver(
      init({
        run: MC_RUN,
        rows,
        header: header({
          items: 3,
          automaticAccuracy: 0,
          adjudicatedAccuracy: 0,
          verdicts: false,
          mc: { mc1: 2 / 3, mc2: 0.512, scored: 3 },
        }),
      }),
    );
    assert.equal(textOf(m.$('.stat-automatic .stat-value')), '66.7%');
    assert.equal(textOf(m.$('.stat-automatic .stat-detail')), 'MC1 (MC2 51.2%)');
    assert.equal(textOf(m.$('.stat-adjudicated .stat-value')), '—');
    assert.equal(textOf(m.$('.stat-adjudicated .stat-detail')), 'flags and notes only');
  });

  test('a run with both tasks shows MC1 and MC2 beside the open-ended automatic score', async () => {
    m = await mount();
    m.deliver(
      init({
        run: KALAHI_RUN,
        rows: kalahiRows(3),
        header: header({ items: 3, automaticAccuracy: 1 / 3, verdicts: true, mc: { mc1: 1, mc2: 0.5, scored: 3 } }),
      }),
    );
    assert.equal(textOf(m.$('.stat-automatic .stat-value')), '33.3%');
    assert.equal(textOf(m.$('.stat-automatic .stat-detail')), 'MC1 100.0% · MC2 50.0%');
  });

  test('normalized log-probs as bars (relevant and irrelevant apart, the best answer marked), MC1 and MC2; no verdict buttons', async () => {
    m = await kalahi(
      kalahiRows(3, () => ({ decidable: false, auto: 'null', metricAcc: undefined })),
      MC_RUN,
    );
    m.deliver(item(kalahiDetail('0101000100', { decidable: false, auto: 'null', open: null, mc: KALAHI_MC })));
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'mc');
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['-0.410', '-0.550']);
    assert.deepEqual(refs(m, 'irrelevant').map(scoreOf), ['-0.600', '-0.720']);
    assert.match(textOf(refs(m, 'relevant')[0]), /best answer.*max relevant/);
    assert.ok(refs(m, 'irrelevant')[0]?.classList.contains('is-max'));
    const widths = [...refs(m, 'relevant'), ...refs(m, 'irrelevant')].map((r) =>
      parseFloat((r.querySelector('.bar-fill') as HTMLElement).style.width),
    );
    assert.ok(
      widths[0] === 100 && widths.every((w, i) => i === 0 || w < (widths[i - 1] ?? 0)),
      `bars follow the scores: ${widths.join(', ')}`,
    );
    const summary = textOf(m.$('.mc-summary'));
    assert.match(summary, /MC1 1 the best answer scores above every irrelevant one/);
    assert.match(summary, /MC2 0\.620/);
    assert.equal(
      textOf(m.$('.pane-item .callout-title')),
      'Multiple choice · MC1 1 · MC2 0.620',
      'the outcome beside the prompt, in view while the references scroll',
    );
    assert.equal(m.$('.compare-button'), null, 'nothing to compare without an answer');
    assert.equal(m.$('.verdict-buttons')?.hidden, true, 'flags and notes only');
    assert.match(textOf(m.$('.flags-only')), /no verdict/);
    assert.match(textOf(m.$('#item-row-0 .row-badges')), /MC/);
    m.$('.vlist')?.focus();
    m.clearPosted();
    m.key('t');
    assert.equal(m.posted('adjudicate').length, 0, 't does nothing on an MC item');
    m.key('h');
    m.key('4');
    assert.equal(m.last('adjudicate')?.decision.hallucination, 'wrong-filipino-practice');
    assert.equal('verdict' in (m.last('adjudicate')?.decision ?? {}), false);
  });

  test('--task both: the open-ended scores and the MC log-probs of the same references', async () => {
    m = await kalahi(kalahiRows(3), { ...KALAHI_RUN, task: 'both' });
    m.deliver(item(kalahiDetail('0101000100', { mc: KALAHI_MC })));
    assert.deepEqual(
      m.$$('.measure-chip').map((c) => c.dataset['measure']),
      ['chrf', 'bleu', 'mc'],
    );
    assert.ok(m.$('.metric-table'));
    assert.match(textOf(m.$('.mc-summary')), /MC2 0\.620/);
    assert.equal(m.$('.verdict-buttons')?.hidden, false);
    (m.$('.measure-chip[data-measure="mc"]') as HTMLElement).click();
    await m.settle();
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['-0.410', '-0.550']);
  });

  test('BERTScore and BLEURT beside the references like the other metrics: m cycles to them, either can be the primary metric, BLEURT bars on its own scale', async () => {
    const run = { ...KALAHI_RUN, metrics: ['chrf', 'bertscore', 'bleurt'], primaryMetric: 'bleurt' };
    m = await kalahi(kalahiRows(6), run);
    assert.match(textOf(m.$('.run-meta')), /scored by BLEURT/);
    const outcome = (
      relevant: number[],
      irrelevant: number[],
    ): {
      name: string;
      relevant: number[];
      irrelevant: number[];
      maxRelevant: number;
      maxIrrelevant: number;
      diff: number;
      acc: boolean;
    } => {
      const maxRelevant = Math.max(...relevant);
      const maxIrrelevant = Math.max(...irrelevant);
      return {
        name: '',
        relevant,
        irrelevant,
        maxRelevant,
        maxIrrelevant,
        diff: maxRelevant - maxIrrelevant,
        acc: maxRelevant > maxIrrelevant,
      };
    };
    const base = kalahiDetail('0101000100');
    assert.ok(base.kind === 'references' && base.open !== null);
    m.deliver(
      item({
        ...base,
        open: {
          ...base.open,
          primaryMetric: 'bleurt',
          metrics: [
            { ...outcome([0.41, 0.35], [0.22, 0.12]), name: 'chrf' },
            { ...outcome([0.912, 0.874], [0.861, 0.85]), name: 'bertscore' },
            { ...outcome([0.25, -0.5], [-1, -0.75]), name: 'bleurt' },
          ],
        },
      }),
    );
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'bleurt', 'the primary metric is shown first');
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['0.250', '-0.500']);
    assert.deepEqual(refs(m, 'irrelevant').map(scoreOf), ['-1.000', '-0.750']);
    const widths = [...refs(m, 'relevant'), ...refs(m, 'irrelevant')].map((r) =>
      Number.parseFloat((r.querySelector('.bar-fill') as HTMLElement | null)?.style.width ?? 'NaN'),
    );
    assert.ok(
      widths.every((w) => w > 0 && w < 100),
      `bars inside the track: ${widths.join(', ')}`,
    );
    assert.ok((widths[0] ?? 0) > (widths[1] ?? 0) && (widths[3] ?? 0) > (widths[2] ?? 0), 'a higher BLEURT is a longer bar');
    assert.match(textOf(m.$('.metric-row[data-metric="bleurt"]')), /primary/);
    m.key('m');
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'chrf');
    m.key('m');
    assert.equal(m.$('.measure-chip[aria-pressed="true"]')?.dataset['measure'], 'bertscore');
    assert.deepEqual(refs(m, 'relevant').map(scoreOf), ['0.912', '0.874']);
    assert.equal(
      (refs(m, 'relevant')[0]?.querySelector('.bar-fill') as HTMLElement | null)?.style.width,
      '91.2%',
      'BERTScore in 0..1 keeps the 0..1 bars',
    );
  });
});
