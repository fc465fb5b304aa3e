import * as z from 'zod';
import { kalahiRank } from './informativeRank';
import { type ReviewParts, type ReviewSettings } from '../benchmark';
import { mcMeans } from './mcMeans';
import { asKalahiLine, kalahiDetail, kalahiRowExtras, kalahiSearchTexts } from './reviewViews';

const OpenSettings = z.looseObject({ open: z.looseObject({ metrics: z.array(z.string()), primaryMetric: z.string().min(1) }).nullable() });
const TASK_TITLES: Readonly<Record<string, string>> = { open: 'open-ended', mc: 'MC', both: 'open-ended + MC' };

/** Kalahi in the review: the open-ended metrics and the MC log-probs; MC-only runs take flags and notes. */
export const KALAHI_REVIEW: ReviewParts = {
  look: {
    showTask: true,
    automatic: 'metric',
    facets: [
      { id: 'category', label: 'Category' },
      { id: 'topic', label: 'Topic' },
    ],
  },
  settings: (manifest): ReviewSettings => {
    const open = OpenSettings.safeParse(manifest.settings);
    const settings = open.success ? open.data.open : null;
    return { decidable: manifest.task !== 'mc', primaryMetric: settings?.primaryMetric ?? 'chrf', metrics: settings?.metrics ?? [] };
  },
  facetsOf: (inputs) => {
    const facets: Record<string, string> = {};
    if (typeof inputs['category'] === 'string') facets['category'] = inputs['category'];
    if (typeof inputs['topic'] === 'string') facets['topic'] = inputs['topic'];
    return facets;
  },
  rowExtras: (line, settings) => {
    const kalahi = asKalahiLine(line);
    const extras = kalahi === undefined ? undefined : kalahiRowExtras(kalahi, settings.primaryMetric);
    return { margin: extras?.margin ?? null, metricAcc: extras?.metricAcc, mc: kalahi?.mc === undefined ? undefined : { mc1: kalahi.mc.mc1, mc2: kalahi.mc.mc2 } };
  },
  searchTexts: (line) => {
    const kalahi = asKalahiLine(line);
    return kalahi === undefined ? undefined : kalahiSearchTexts(kalahi);
  },
  detail: (common, line, settings) => {
    const kalahi = asKalahiLine(line);
    return kalahi === undefined ? undefined : kalahiDetail(common, kalahi, { decidable: settings.decidable, primaryMetric: settings.primaryMetric, metricOrder: settings.metrics });
  },
  runHeader: (_manifest, settings) => (settings.metrics.length > 0 ? { metrics: [...settings.metrics], primaryMetric: settings.primaryMetric } : {}),
  scoreHeader: (manifest, rows) => {
    const parts: { mc1: number; mc2: number }[] = [];
    for (const row of rows) if (row.mc !== undefined) parts.push(row.mc);
    return { ...(parts.length === 0 ? {} : { mc: mcMeans(parts) }), verdicts: manifest.task !== 'mc' };
  },
  taskTitle: (task) => (task === '' ? '' : (TASK_TITLES[task] ?? task)),
  informativeRank: (settings) => kalahiRank(settings.primaryMetric),
};
