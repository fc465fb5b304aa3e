import * as z from 'zod';
import { kalahiRank } from './informativeRank';
import { type ReviewParts } from '../../contract/benchmark';
import { asKalahiLine, kalahiDetail, kalahiRowExtras, kalahiSearchTexts, mcMarginOf } from './reviewViews';

const OpenSettings = z.looseObject({ open: z.looseObject({ metrics: z.array(z.string()), primaryMetric: z.string().min(1) }).nullable() });

/** Kalahi in the review: the open-ended metrics and the MC log-probs; MC-only runs take flags and notes. */
export const KALAHI_REVIEW: ReviewParts = {
  taskTitles: { open: 'open-ended', mc: 'MC', both: 'open-ended + MC' },
  decidable: (manifest) => manifest.task !== 'mc',
  metrics: {
    verdictWords: 'scored by {metric} (its acc is the automatic verdict)',
    of: (manifest) => {
      const open = OpenSettings.safeParse(manifest.settings);
      const settings = open.success ? open.data.open : null;
      // A run without open-ended answers (MC only) scores no metric.
      return settings === null ? { primary: '', metrics: [] } : { primary: settings.primaryMetric, metrics: settings.metrics };
    },
    rowParts: (line, primary) => {
      const kalahi = asKalahiLine(line);
      const extras = kalahi === undefined ? undefined : kalahiRowExtras(kalahi, primary);
      return { margin: kalahi?.open?.metrics[primary] === undefined ? null : (extras?.margin ?? null), metricAcc: extras?.metricAcc };
    },
  },
  multipleChoice: {
    of: (line) => {
      const kalahi = asKalahiLine(line);
      return kalahi?.mc === undefined ? undefined : { mc1: kalahi.mc.mc1, mc2: kalahi.mc.mc2, margin: mcMarginOf(kalahi) };
    },
  },
  searchTexts: (line) => {
    const kalahi = asKalahiLine(line);
    return kalahi === undefined ? undefined : kalahiSearchTexts(kalahi);
  },
  detail: (common, line, { settings }) => {
    const kalahi = asKalahiLine(line);
    return kalahi === undefined
      ? undefined
      : kalahiDetail(common, kalahi, {
          decidable: settings.decidable,
          primaryMetric: settings.primaryMetric,
          metricOrder: settings.metrics,
        });
  },
  informativeRank: (settings) => kalahiRank(settings.primaryMetric),
};
