import { existsSync, readFileSync } from 'node:fs';
import { JsonlAppender } from '../util/jsonlAppender';
import { invalidUtf8Message, invalidUtf8Offset } from '../util/utf8';
import { firstIssue } from '../util/zodIssues';
import { type VerdictScale, gradeText, isOnScale, scaleTakes } from '../scale/verdictScale';
import { type AdjudicationEvent, AdjudicationEventSchema } from './event';

export interface LoggedEvent {
  readonly event: AdjudicationEvent;
  /** 1-based line in adjudications.jsonl: the later line wins a tie in time. */
  readonly line: number;
}

export interface LogProblem {
  readonly line: number;
  /** "<file> line <n>: <reason>" (with the field when a schema check failed). */
  readonly message: string;
  /** A git conflict marker (<<<<<<<, =======, |||||||, >>>>>>>): a merge without merge=union. */
  readonly conflictMarker?: boolean;
}

/** What to do about conflict markers, said once wherever skipped lines are reported. */
export const CONFLICT_MARKER_FIX =
  'adjudications.jsonl has git conflict markers: resolve the conflict (keep the event lines of both sides, delete the marker lines), and add the line "adjudications.jsonl merge=union" to .gitattributes so that git merges append both sides from then on';

const CONFLICT_MARKER = /^(<{7}|={7}|\|{7}|>{7})(\s|$)/;

/** The lines to print or show for skipped lines: each problem, then the fix for conflict markers if any. */
export function describeLogProblems(problems: readonly LogProblem[]): string[] {
  const lines = problems.map((p) => `skipped ${p.message}`);
  return problems.some((p) => p.conflictMarker === true) ? [...lines, CONFLICT_MARKER_FIX] : lines;
}

/** Events for items the run does not have: reported like bad lines, never counted. */
export function unknownItemProblems(events: readonly LoggedEvent[], isItem: (itemId: string) => boolean, path: string): LogProblem[] {
  return events
    .filter((logged) => !isItem(logged.event.itemId))
    .map(({ event, line }) => ({
      line,
      message: `${path} line ${line}: an event for item "${event.itemId}", which this run does not have`,
    }));
}

/**
 * What a run's events are checked against when read (each absent: not checked, as for a log read apart
 * from its run): its benchmark's hallucination categories and its verdict scale.
 */
export interface EventChecks {
  readonly categories?: ReadonlySet<string>;
  readonly scale?: VerdictScale;
}

/** Why an event does not fit the run (field and reason), or undefined when it does. */
function misfit(event: AdjudicationEvent, checks: EventChecks): { field: string; reason: string } | undefined {
  const { categories, scale } = checks;
  const category = event.hallucination;
  if (category !== null && categories !== undefined && !categories.has(category)) {
    return { field: 'hallucination', reason: `"${category}" is not a category of this run's benchmark (${[...categories].join(', ')})` };
  }
  if (scale === undefined) return undefined;
  if (scale.kind === 'binary') {
    if (event.grade !== undefined)
      return { field: 'grade', reason: "this run's verdicts are binary: a decision is a verdict (true, false or null)" };
    if (event.criterion !== undefined) return { field: 'criterion', reason: "this run's items have no criteria (its verdicts are binary)" };
    return undefined;
  }
  if (event.verdict !== undefined) return { field: 'verdict', reason: `this run is graded: a decision is a grade (${scaleTakes(scale)})` };
  if (event.grade !== undefined && event.grade !== null && !isOnScale(scale, event.grade)) {
    return { field: 'grade', reason: `${gradeText(scale, event.grade)} is not on this run's scale (${scaleTakes(scale)})` };
  }
  return undefined;
}

/**
 * Events on a criterion the item's current result does not have (or on the item itself when its criteria
 * decide it): reported like bad lines, never counted. `criteriaOf`: the item's criterion ids (undefined:
 * no current result, so nothing to check against).
 */
export function criterionProblems(
  events: readonly LoggedEvent[],
  criteriaOf: (itemId: string) => readonly string[] | undefined,
  path: string,
): LogProblem[] {
  const problems: LogProblem[] = [];
  for (const { event, line } of events) {
    const criteria = criteriaOf(event.itemId);
    if (criteria === undefined) continue;
    if (event.criterion !== undefined && !criteria.includes(event.criterion)) {
      const has = criteria.length === 0 ? 'none' : criteria.join(', ');
      problems.push({
        line,
        message: `${path} line ${line}, field "criterion": item "${event.itemId}" has no criterion "${event.criterion}" (its criteria: ${has})`,
      });
    } else if (event.criterion === undefined && event.grade !== undefined && criteria.length > 0) {
      problems.push({
        line,
        message: `${path} line ${line}, field "grade": item "${event.itemId}" is graded by its criteria (${criteria.join(', ')}): decide a criterion`,
      });
    }
  }
  return problems;
}

export interface AdjudicationLogContents {
  readonly events: LoggedEvent[];
  /** Lines that are not valid events (a bad merge, a hand edit): reported, skipped, never fatal. */
  readonly problems: LogProblem[];
  readonly tornTail: boolean;
  /** Bytes read, so a watcher can read only what was appended since. */
  readonly size: number;
}

/**
 * Reads every event; human work is never blocked by one bad line, so bad lines become problems.
 * `checks`: the run's benchmark's hallucination categories and its scale; an event naming another
 * category, or a decision the scale does not take, is a bad line (a criterion the item lacks is checked
 * against its result line: criterionProblems).
 */
export function readAdjudicationLog(path: string, checks: EventChecks = {}): AdjudicationLogContents {
  if (!existsSync(path)) return { events: [], problems: [], tornTail: false, size: 0 };
  return parseAdjudicationBytes(readFileSync(path), 1, path, checks);
}

/**
 * parseAdjudicationLines over a log's bytes (`fileOffset`: where they start in the file). A line that is
 * not UTF-8 is a problem naming its byte offset, as a line that is not JSON is: decoded, it would read as
 * U+FFFD and pass.
 */
export function parseAdjudicationBytes(
  bytes: Buffer,
  firstLine: number,
  path: string,
  checks: EventChecks = {},
  fileOffset = 0,
): AdjudicationLogContents {
  if (invalidUtf8Offset(bytes) === -1) return parseAdjudicationLines(bytes.toString('utf8'), firstLine, path, bytes.length, checks);
  const bad: LogProblem[] = [];
  const lines: string[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) {
    const at = invalidUtf8Offset(bytes, start, end);
    const line = firstLine + lines.length;
    if (at !== -1) bad.push({ line, message: `${path} line ${line}: ${invalidUtf8Message(bytes, at, fileOffset + at)}` });
    // Such a line is left blank for the parser, so the lines after it keep their numbers.
    lines.push(at === -1 ? bytes.toString('utf8', start, end) : '');
  }
  lines.push(bytes.toString('utf8', start));
  const parsed = parseAdjudicationLines(lines.join('\n'), firstLine, path, bytes.length, checks);
  return { ...parsed, problems: [...parsed.problems, ...bad].sort((a, b) => a.line - b.line) };
}

export function parseAdjudicationLines(
  text: string,
  firstLine: number,
  path: string,
  size: number,
  checks: EventChecks = {},
): AdjudicationLogContents {
  const lines = text.split('\n');
  const tornTail = lines[lines.length - 1] !== '';
  lines.pop();
  const events: LoggedEvent[] = [];
  const problems: LogProblem[] = [];
  lines.forEach((lineText, index) => {
    const line = firstLine + index;
    if (lineText.trim() === '') return;
    const marker = CONFLICT_MARKER.exec(lineText);
    if (marker !== null) {
      problems.push({
        line,
        message: `${path} line ${line}: git conflict marker "${marker[1] ?? ''}" (a merge without merge=union)`,
        conflictMarker: true,
      });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(lineText);
    } catch {
      problems.push({ line, message: `${path} line ${line}: not valid JSON` });
      return;
    }
    const parsed = AdjudicationEventSchema.safeParse(json);
    if (parsed.success) {
      const wrong = misfit(parsed.data, checks);
      if (wrong !== undefined) problems.push({ line, message: `${path} line ${line}, field "${wrong.field}": ${wrong.reason}` });
      else events.push({ event: parsed.data, line });
    } else {
      const { field, message } = firstIssue(parsed.error);
      problems.push({ line, message: `${path} line ${line}, field "${field}": ${message}` });
    }
  });
  return { events, problems, tornTail, size };
}

/**
 * Appends events and resolves once they are on disk. Opening repairs a torn last line (moved aside), so a
 * crash mid-write never blocks the next decision.
 */
export class AdjudicationWriter {
  private constructor(
    private readonly appender: JsonlAppender,
    readonly tornLineMovedTo: string | undefined,
  ) {}

  static open(path: string): AdjudicationWriter {
    const { appender, tornLineMovedTo } = JsonlAppender.open(path);
    return new AdjudicationWriter(appender, tornLineMovedTo);
  }

  async append(events: readonly AdjudicationEvent[]): Promise<void> {
    for (const event of events) this.appender.append(AdjudicationEventSchema.parse(event));
    await this.appender.durable();
  }

  close(): Promise<void> {
    return this.appender.close();
  }
}

/** Appends events with a writer of its own (the CLI; one-off writes). */
export async function appendAdjudications(path: string, events: readonly AdjudicationEvent[]): Promise<string | undefined> {
  const writer = AdjudicationWriter.open(path);
  try {
    await writer.append(events);
  } finally {
    await writer.close();
  }
  return writer.tornLineMovedTo;
}
