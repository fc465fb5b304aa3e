import { type LogProblem, describeLogProblems } from '../core/adjudication/adjudicationLog';
import { type CliIo } from '../core/commandLine/io';

/**
 * Every skipped line of adjudications.jsonl on stderr (file, line, reason; conflict markers named, with the
 * fix), so that a decision never vanishes from a count without a word.
 */
export function warnSkippedLines(io: CliIo, problems: readonly LogProblem[]): void {
  for (const line of describeLogProblems(problems)) io.stderr(`eval-adjudicator: warning: ${line}\n`);
}
