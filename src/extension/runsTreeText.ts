import { reviewProgress } from '../core/adjudication/adjudicatedScore';
import { type GradedScore } from '../core/adjudication/gradedScore';
import { type RunSummary } from '../core/summary/runSummary';

/** A running run whose results grew this recently is shown as active (a spinning icon). */
export const ACTIVE_WITHIN_MS = 30_000;

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}

const figure = (x: number | null): string => (x === null ? 'n/a' : String(Number(x.toFixed(4))));

/** A graded run's scores: the source's own figure where it has one (SEA-HELM's average_criteria_score), else the mean grade. */
function gradedTexts(g: GradedScore): { short: string; automatic: string; adjudicated: string } {
  const nulls = (c: GradedScore['automatic']['counts']): string => `over ${c.graded} graded items; null ${c.null}, error ${c.error}, missing ${c.missing}, left out`;
  const own = g.figure;
  const sourceLine = (side: 'automatic' | 'adjudicated'): string => (own === null ? '' : `; ${own.name} ${figure(own[side].value)}`);
  return {
    short: own === null ? `mean ${figure(g.automatic.mean)} · adj ${figure(g.adjudicated.mean)}` : `${own.name} ${figure(own.automatic.value)} · adj ${figure(own.adjudicated.value)}`,
    automatic: `mean grade ${figure(g.automatic.mean)} (${nulls(g.automatic.counts)})${sourceLine('automatic')}`,
    adjudicated: `mean grade ${figure(g.adjudicated.mean)} (with a human grade: ${g.adjudicated.decided} items${g.criteria.total > 0 ? `, ${g.criteria.decided} of ${g.criteria.total} criteria` : ''})${sourceLine('adjudicated')}`,
  };
}

export interface RunTexts {
  readonly description: string;
  /** The tooltip's Markdown, escaped. */
  readonly tooltip: string;
  readonly active: boolean;
}

/**
 * What the Runs view says of a run. `blind`: blind review is on in the window (the setting, or a review
 * panel's toggle): no automatic or adjudicated score, and no count of verdicts, shows.
 */
export function runTexts(dir: string, s: RunSummary, idleMs: number, blind: boolean): RunTexts {
  const done = s.items - s.automatic.counts.missing;
  const running = s.status === 'running';
  const active = running && idleMs <= ACTIVE_WITHIN_MS;
  const percent = s.items === 0 ? 100 : Math.floor((100 * done) / s.items);
  const progress = running ? `${done}/${s.items} (${percent}%)${active ? '' : ', no new result for a while'}` : done === s.items ? `${s.items} items` : `${done}/${s.items}`;
  // A graded run's binary accuracy counts nothing but nulls: it shows its grades instead.
  const graded = s.graded === undefined ? undefined : gradedTexts(s.graded);
  const scores = blind ? 'scores hidden (blind review)' : (graded?.short ?? `auto ${pct(s.automatic.accuracy)} · adj ${pct(s.adjudicated.accuracy)}`);
  const description = `${s.benchmark} · ${progress} · ${scores} · ${s.adjudicated.reviewed}/${s.items} reviewed`;
  const c = s.automatic.counts;
  const lines = [`**${escapeMarkdown(s.model ?? 'model')}** on ${s.benchmark} (${s.status})\n\n`];
  if (running) lines.push(`- progress: ${done} of ${s.items} items (${percent}%)${active ? '' : `; no new result in the last ${Math.round(ACTIVE_WITHIN_MS / 1000)} s: the run may have stopped (resume it with \`run ${s.benchmark} --resume\`)`}\n`);
  if (blind) lines.push(`- automatic and adjudicated scores: hidden while blind review is on (error ${c.error}, missing ${c.missing})\n`);
  else if (graded !== undefined) lines.push(`- automatic: ${escapeMarkdown(graded.automatic)}\n`);
  else lines.push(`- automatic: ${pct(s.automatic.accuracy)} (true ${c.true}, false ${c.false}, null ${c.null}, error ${c.error}, missing ${c.missing})\n`);
  lines.push(`- reviewed: ${reviewProgress(s.adjudicated, s.items, graded === undefined ? 'verdict' : 'grade')}\n`);
  const problems = `${s.adjudicated.conflicts} conflicts, ${s.adjudicated.stale} stale, ${s.adjudicated.flagged} flagged`;
  const adjudicated = graded === undefined ? pct(s.adjudicated.accuracy) : escapeMarkdown(graded.adjudicated);
  lines.push(blind ? `- adjudicated: ${problems}\n` : `- adjudicated: ${adjudicated} (${problems})\n`);
  if (s.judge) lines.push(`- judge: ${escapeMarkdown(s.judge)}\n`);
  lines.push(`\n\`${escapeMarkdown(dir)}\``);
  return { description, tooltip: lines.join(''), active };
}
