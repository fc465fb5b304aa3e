import type { ReferencesDetail } from '../src/core/protocol/detailKinds';
import {
  type DetailContext,
  autoBadge,
  callout,
  disclosure,
  errorCallout,
  hiddenNotice,
  pane,
  rawBlock,
  subheading,
  textBlock,
} from './detailParts';
import { el, icon, srOnly } from '../webview-kit/dom';
import { markRanges } from './highlight';
import { clampedPrompt } from './promptClamp';
import { referenceKeys, referenceLists, referenceName, referenceText, referenceKey } from './referenceTexts';
import { type Measure, measuresOf, metricLabel, metricTable, mcSummary, score3, signed3 } from './referenceScores';
import { overlapCount, overlapRanges } from './wordOverlap';

/** The measure shown beside the references: the chosen one if the item has it, else the primary metric, else MC. */
export function currentMeasure(detail: ReferencesDetail, chosen: string | null): string | null {
  const ids = measuresOf(detail).map((m) => m.id);
  if (chosen !== null && ids.includes(chosen)) return chosen;
  return detail.open?.primaryMetric ?? ids[0] ?? null;
}

/**
 * The reference the answer is compared with: the chosen one, else the relevant reference closest to the
 * answer under the primary metric, else the best answer (always the best answer in blind review, which must
 * not hint at the scores).
 */
export function currentCompare(detail: ReferencesDetail, chosen: string | null, hidden: boolean): string {
  if (chosen !== null && referenceKeys(detail).includes(chosen)) return chosen;
  const primary = detail.open?.metrics.find((m) => m.name === detail.open?.primaryMetric);
  if (!hidden && primary !== undefined && primary.relevant.length > 0)
    return referenceKey('relevant', primary.relevant.indexOf(Math.max(...primary.relevant)));
  return referenceKey('relevant', detail.references.bestIndex);
}

/** Kalahi: the prompt and the model's answer beside the relevant and irrelevant references with their scores. */
export function renderReferences(detail: ReferencesDetail, context: DetailContext): HTMLElement[] {
  const hidden = context.hideAutomatic === true && detail.decidable;
  const measures = measuresOf(detail);
  const measureId = currentMeasure(detail, context.references?.measure ?? null);
  const measure = hidden ? undefined : measures.find((m) => m.id === measureId);
  const compare = currentCompare(detail, context.references?.compare ?? null, hidden);
  const onChange = context.onReferencesChange ?? ((): void => undefined);
  const answer = detail.open === null || detail.open.empty ? null : detail.open.answer;
  const primaryLabel = metricLabel(detail.open?.primaryMetric ?? '');

  const meta = el('div', { class: 'item-meta' }, [
    context.index === undefined ? null : el('span', { class: 'meta-index' }, `#${context.index}`),
    detail.category === '' ? null : el('span', { class: 'meta-chip' }, [srOnly('Category: '), detail.category]),
    detail.topic === '' ? null : el('span', { class: 'meta-chip' }, [srOnly('Topic: '), detail.topic]),
    el('span', { class: 'meta-id', title: 'prompt_variation_id' }, detail.id),
  ]);
  const item = pane('item', 'Prompt and answer', [
    meta,
    clampedPrompt(detail.prompt, context.lang),
    detail.open === null && !detail.decidable
      ? null
      : subheading(
          'Model answer',
          hidden || detail.open === null
            ? []
            : [
                autoBadge(detail.auto, `${primaryLabel} acc`),
                el('span', { class: 'auto-caption' }, `${primaryLabel} acc, the automatic verdict`),
              ],
        ),
    ...answerParts(detail, answer, compare, context.lang),
    detail.error === null ? null : errorCallout(detail.error),
    detail.systemPrompt === null ? null : disclosure('System prompt', [rawBlock(detail.systemPrompt, context.lang, 'System prompt')]),
  ]);

  const references = pane('refs', 'References', [
    hidden
      ? hiddenNotice('The metric scores and the automatic verdict are', context.verdictSeen === true)
      : measurePicker(measures, measureId, (id) => onChange({ measure: id })),
    measure === undefined ? null : measureSummary(detail, measure),
    ...referenceLists({ detail, measure, compare, answer, lang: context.lang, onCompare: (key) => onChange({ compare: key }) }),
    hidden || detail.open === null || detail.open.metrics.length === 0
      ? null
      : el('div', { class: 'metrics-block' }, [
          subheading('Every metric'),
          metricTable(detail.open.metrics, detail.open.primaryMetric, measureId ?? '', (name) => onChange({ measure: name })),
        ]),
    hidden || detail.mc === null
      ? null
      : el('div', { class: 'mc-block' }, [subheading('Multiple choice (log-probs)'), mcSummary(detail.mc)]),
  ]);
  return [item, references];
}

function answerParts(detail: ReferencesDetail, answer: string | null, compare: string, lang: string): (HTMLElement | null)[] {
  const open = detail.open;
  if (open === null) {
    return [detail.decidable ? el('p', { class: 'no-data' }, 'No open-ended answer recorded.') : multipleChoiceCallout(detail)];
  }
  const refusal =
    open.refusal === null
      ? null
      : callout('warning', 'shield', 'Refused by the content filter', [
          el('p', { class: 'callout-text' }, 'The provider refused to answer; the refusal counts as an empty answer.'),
        ]);
  if (answer === null)
    return [refusal, el('p', { class: 'no-data' }, 'Empty answer: every metric scores 0 on every reference (diff 0, acc false).')];
  const block = textBlock(answer, lang, 'response answer searchable');
  const reference = referenceText(detail, compare) ?? '';
  markRanges(block, (text) => overlapRanges(text, reference), 'overlap');
  const { shared, total } = overlapCount(answer, reference);
  const legend = el('p', { class: 'overlap-legend' }, [
    el('span', { class: 'overlap-sample', 'aria-hidden': 'true' }, 'word'),
    el(
      'span',
      {},
      `Underlined: ${shared} of the answer’s ${total} content words also occur in ${referenceName(compare)} (o: next reference).`,
    ),
  ]);
  return [refusal, block, legend];
}

/** A multiple-choice item: its MC1 and MC2 in the title, beside the prompt (the references column may scroll). */
function multipleChoiceCallout(detail: ReferencesDetail): HTMLElement {
  const mc = detail.mc;
  const title = mc === null ? 'Multiple choice' : `Multiple choice · MC1 ${mc.mc1} · MC2 ${mc.mc2.toFixed(3)}`;
  const text =
    'No open-ended answer: the model’s log-prob of each reference is beside it, with MC1 and MC2 below. Multiple-choice items take flags and notes, no verdict.';
  return callout('info', 'graph', title, [el('p', { class: 'callout-text' }, text)]);
}

function measurePicker(measures: readonly Measure[], current: string | null, onPick: (id: string) => void): HTMLElement | null {
  if (measures.length === 0) return null;
  return el('div', { class: 'measure-picker', role: 'group', 'aria-label': 'Score shown beside the references (m)' }, [
    el('span', { class: 'measure-caption', 'aria-hidden': 'true' }, 'Score'),
    ...measures.map((m) => {
      const button = el(
        'button',
        {
          type: 'button',
          class: 'chip measure-chip',
          'aria-pressed': m.id === current ? 'true' : 'false',
          'data-measure': m.id,
          'data-focus-key': `measure:${m.id}`,
        },
        m.label,
      );
      button.addEventListener('click', () => onPick(m.id));
      return button;
    }),
  ]);
}

/** One line on the chosen measure: the maxima and diff with acc for a metric, MC1 and MC2 for MC. */
function measureSummary(detail: ReferencesDetail, measure: Measure): HTMLElement {
  const metric = detail.open?.metrics.find((m) => m.name === measure.id);
  if (metric !== undefined) {
    return el('p', { class: 'measure-summary' }, [
      el('strong', {}, measure.label),
      detail.open?.primaryMetric === metric.name ? el('span', { class: 'tag tag-primary' }, 'primary') : null,
      el('span', {}, `max relevant ${score3(metric.maxRelevant)}`),
      el('span', {}, `max irrelevant ${score3(metric.maxIrrelevant)}`),
      el(
        'span',
        { class: `diff ${metric.diff > 0 ? 'is-positive' : metric.diff < 0 ? 'is-negative' : ''}` },
        `diff ${signed3(metric.diff)}`,
      ),
      el('span', { class: `acc-word ${metric.acc ? 'is-true' : 'is-false'}` }, [
        icon(metric.acc ? 'check' : 'close'),
        `acc ${String(metric.acc)}`,
      ]),
    ]);
  }
  const mc = detail.mc;
  return el('p', { class: 'measure-summary' }, [
    el('strong', {}, measure.label),
    el('span', {}, 'length-normalized, higher is likelier'),
    mc === null ? null : el('span', {}, `MC1 ${mc.mc1}`),
    mc === null ? null : el('span', {}, `MC2 ${mc.mc2.toFixed(3)}`),
  ]);
}
