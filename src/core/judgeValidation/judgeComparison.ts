import { type VerdictLabel } from '../stats/confusion';
import { type AgreementStats, agreementOf } from './agreement';
import { type ItemRecord } from './itemRecords';

export interface JudgeComparison {
  readonly sourceRunId: string;
  readonly sourceJudge: string | null;
  readonly judge: string | null;
  /** The source run's judge (rows) against this run's (columns), over items both judged, same response. */
  readonly judges: AgreementStats;
  /** This run's judge against the final human verdicts made in the source run, same response. */
  readonly judgeVersusSourceHumans: AgreementStats;
}

/** Judge versus judge: two runs over the same items and responses (a re-judged run and its source). */
export function compareJudges(
  source: { readonly id: string; readonly judge: string | null; readonly records: readonly ItemRecord[] },
  target: { readonly judge: string | null; readonly records: readonly ItemRecord[] },
): JudgeComparison {
  const byId = new Map(source.records.map((r) => [r.itemId, r]));
  const judges: [VerdictLabel, VerdictLabel][] = [];
  const humans: [VerdictLabel, VerdictLabel][] = [];
  for (const r of target.records) {
    const s = byId.get(r.itemId);
    if (s === undefined || r.judge === null || s.line?.response !== r.line?.response) continue;
    if (s.judge !== null) judges.push([s.judge, r.judge]);
    if (s.human !== null) humans.push([r.judge, s.human]);
  }
  const sourceName = `source judge${source.judge === null ? '' : ` (${source.judge})`}`;
  const targetName = `judge${target.judge === null ? '' : ` (${target.judge})`}`;
  return {
    sourceRunId: source.id,
    sourceJudge: source.judge,
    judge: target.judge,
    judges: agreementOf(judges, { rows: sourceName, columns: targetName }),
    judgeVersusSourceHumans: agreementOf(humans, { rows: targetName, columns: 'human (source run)' }),
  };
}
