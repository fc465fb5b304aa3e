import { parse } from 'csv-parse/sync';
import { unguardCell } from '../util/csv';
import { InputError, errorMessage } from '../util/errors';
import { BINARY_SCALE, type VerdictScale } from '../scale/verdictScale';
import { decisionMisfit, parseDecision } from './decisionWords';
import { type AnnotatorState } from './event';

export interface DecisionRow {
  readonly line: number;
  readonly itemId: string;
  /** The criterion decided (absent: the item). */
  readonly criterion?: string;
  readonly state: AnnotatorState;
  readonly annotator: string | undefined;
}

const REQUIRED = ['itemId', 'verdict'] as const;
const KNOWN = new Set(['itemId', 'criterion', 'verdict', 'flag', 'note', 'annotator']);

/** What rows are checked against beyond items and categories: the run's scale and each item's criteria (current line's ids). */
export interface DecisionRules {
  readonly scale: VerdictScale;
  readonly criteriaOf: (itemId: string) => readonly string[];
}

/**
 * Reads decisions from CSV (columns itemId, criterion, verdict, flag, note, annotator; UTF-8 with or without
 * a BOM). Each row is the annotator's full state on the item, or with a criterion on that criterion: an empty
 * verdict means no decision, an empty flag none. A verdict is true, false or null on a binary run, and on a
 * graded run a level's name or value or null (parseDecision). Each cell is unguarded as the tool's own CSV
 * writer guards it (util/csv.ts). Every row
 * is checked before any is returned; the first bad one is an error naming the file, line and field.
 * `categories`: the run's benchmark's hallucination categories, the only flags a row may name.
 */
export function parseDecisionsCsv(
  text: string,
  file: string,
  knownItems: ReadonlySet<string>,
  categories: ReadonlySet<string>,
  rules: DecisionRules = { scale: BINARY_SCALE, criteriaOf: () => [] },
): DecisionRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, columns: true, skip_empty_lines: true, info: true }) as {
      record: Record<string, string>;
      info: { lines: number };
    }[];
  } catch (error) {
    throw new InputError({ file }, `not valid CSV (${errorMessage(error)})`);
  }
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  for (const column of REQUIRED) {
    if (
      !header
        .split(',')
        .map((c) => c.trim().replace(/^"|"$/g, ''))
        .includes(column)
    )
      throw new InputError({ file, line: 1, field: column }, 'missing column');
  }
  for (const column of header.split(',').map((c) => c.trim().replace(/^"|"$/g, ''))) {
    if (!KNOWN.has(column)) throw new InputError({ file, line: 1, field: column }, `unknown column (expected ${[...KNOWN].join(', ')})`);
  }
  return records.map(({ record: guarded, info }) => {
    // A cell the tool guarded against formula injection reads as its original text (the tool's own CSV round-trips).
    const record = Object.fromEntries(Object.entries(guarded).map(([column, cell]) => [column, unguardCell(cell)]));
    // csv-parse counts the line a record ends on; a multi-line note ends below where it starts.
    const line = info.lines;
    const itemId = (record['itemId'] ?? '').trim();
    if (!knownItems.has(itemId)) throw new InputError({ file, line, field: 'itemId' }, `"${itemId}" is not an item of this run`);
    const verdictText = (record['verdict'] ?? '').trim();
    if (verdictText === 'none') throw new InputError({ file, line, field: 'verdict' }, 'an empty cell means no decision');
    const parsed = parseDecision(rules.scale, verdictText);
    if (!parsed.ok) throw new InputError({ file, line, field: 'verdict' }, parsed.message);
    const flagText = (record['flag'] ?? '').trim();
    if (flagText !== '' && !categories.has(flagText)) {
      throw new InputError({ file, line, field: 'flag' }, `"${flagText}" is not a category (${[...categories].join(', ')})`);
    }
    const criterionText = (record['criterion'] ?? '').trim();
    const criterion = criterionText === '' ? undefined : criterionText;
    const misfit = decisionMisfit(rules.scale, itemId, rules.criteriaOf(itemId), {
      criterion,
      decision: parsed.decision,
      flagged: flagText !== '',
    });
    if (misfit !== undefined) throw new InputError({ file, line, field: misfit.field }, misfit.message);
    const annotator = (record['annotator'] ?? '').trim();
    return {
      line,
      itemId,
      ...(criterion === undefined ? {} : { criterion }),
      state: {
        ...parsed.decision,
        hallucination: flagText === '' ? null : flagText,
        note: record['note'] ?? '',
      },
      annotator: annotator === '' ? undefined : annotator,
    };
  });
}
