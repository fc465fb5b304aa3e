import { type LogProblem, describeLogProblems } from '../../core/adjudication/adjudicationLog';
import { type HostMessage } from '../../core/protocol/review';

/** The skipped lines of adjudications.jsonl by line number, as the panel's warning bar shows them. */
export class SkippedLines {
  private readonly byLine = new Map<number, LogProblem>();

  constructor(private readonly warn: (message: string) => void) {}

  get size(): number {
    return this.byLine.size;
  }

  /** Logs newly skipped lines; a reset (the log read again) starts afresh. Returns whether the bar changed. */
  report(problems: readonly LogProblem[], reset: boolean): boolean {
    if (!reset && problems.length === 0) return false;
    if (reset) this.byLine.clear();
    for (const problem of problems) {
      if (!this.byLine.has(problem.line)) this.warn(`skipped ${problem.message}`);
      this.byLine.set(problem.line, problem);
    }
    return true;
  }

  message(): Extract<HostMessage, { type: 'skippedLines' }> {
    const problems = [...this.byLine.values()].sort((a, b) => a.line - b.line);
    return { type: 'skippedLines', lines: describeLogProblems(problems) };
  }
}
