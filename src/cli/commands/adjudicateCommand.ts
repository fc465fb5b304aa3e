import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, UserError } from '../../core/util/errors';
import { appendAdjudications } from '../../core/adjudication/adjudicationLog';
import { defaultAnnotatorName } from '../../core/adjudication/annotatorName';
import { parseDecisionsCsv } from '../../core/adjudication/decisionsCsv';
import { type AdjudicationEvent, type AnnotatorState, type Role, categoryIdsOf } from '../../core/adjudication/event';
import { benchmarkBasicsOf, benchmarkIds } from '../../core/benchmarks/registryBasics';
import { RUN_REGISTRY } from '../../core/benchmarks/runRegistry';
import { latestPerAnnotator } from '../../core/adjudication/itemAdjudication';
import { latestPerAnnotatorOf } from '../../core/adjudication/annotatorViews';
import { decisionMisfit, parseDecision } from '../../core/adjudication/decisionWords';
import { isGraded, scaleOf, scaleTakes } from '../../core/scale/verdictScale';
import { newAdjudicationEvent } from '../../core/adjudication/newEvent';
import { newImportedEvents } from '../../core/adjudication/importedRows';
import { loadRunState, type RunState } from '../../core/adjudication/runState';
import { type CliIo } from '../../core/commandLine/io';
import { warnSkippedLines } from '../skippedLines';
import { choiceOption, flag, onePositional, parseOptions, stringOption } from '../../core/commandLine/options';

/** Each benchmark's categories, one help line each. */
function categoryHelp(): string {
  return benchmarkIds()
    .map((id) => `                  ${id}: ${[...categoryIdsOf(benchmarkBasicsOf(id))].join(', ')}\n`)
    .join('');
}

export const ADJUDICATE_HELP = `Usage: eval-adjudicator adjudicate RUNDIR --item ID [--criterion ID] --verdict VERDICT|none
                                   [--flag CATEGORY|none] [--note TEXT] [--annotator NAME] [--role annotator|adjudicator]
       eval-adjudicator adjudicate RUNDIR --from FILE.csv [--annotator NAME] [--role annotator|adjudicator]

Appends to RUNDIR/adjudications.jsonl the same event the review panel would. results.jsonl is never touched.
  --verdict     the human verdict on the run's scale: true, false or null on a binary run; on a graded
                run (run.json scale) a level's name or value, a number in the scale's range, or null
                (no parsable verdict / no answer); none records no decision (skip, unsure)
  --criterion   on a graded run whose items carry criteria: the criterion decided, by its id as the source
                numbers it (the item's grade follows from its criteria's; the item's own decision holds
                only the flag and the note)
  --flag        a cultural hallucination category of the run's benchmark; none clears it (the item's, not
                a criterion's)
${categoryHelp()}  --note        a note (replaces the annotator's note on the item, or on the criterion)
  Without --flag or --note, the annotator's earlier flag and note on the item (criterion) are kept.
  --annotator   default: env EVAL_ADJUDICATOR_ANNOTATOR, else git's user.name, else the login name
  --role        annotator (default) or adjudicator (whose latest decision is final)
  --from        many decisions: CSV with columns itemId, criterion (optional), verdict, flag, note,
                annotator (UTF-8, with or without a BOM); each row is the annotator's full state for the item
                or the criterion (empty verdict: no decision; empty flag: none). Nothing is appended if any
                row is invalid. Each row is one event whose id comes from the row's content and the
                item's current result, so a row already imported (a second run of the same file, a run
                killed midway) is not appended again; it says how many rows were new.
`;

const ROLES: readonly Role[] = ['annotator', 'adjudicator'];

export async function adjudicateCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseOptions('adjudicate', args, {
    item: { type: 'string' },
    criterion: { type: 'string' },
    verdict: { type: 'string' },
    flag: { type: 'string' },
    note: { type: 'string' },
    annotator: { type: 'string' },
    role: { type: 'string' },
    from: { type: 'string' },
  });
  if (flag(parsed, 'help')) {
    io.stdout(ADJUDICATE_HELP);
    return 0;
  }
  const state = loadRunState(resolve(io.cwd, onePositional('adjudicate', parsed, 'RUNDIR')), RUN_REGISTRY);
  warnSkippedLines(io, state.problems);
  const role = choiceOption('adjudicate', parsed, 'role', ROLES) ?? 'annotator';
  const annotator = stringOption(parsed, 'annotator')?.trim() || defaultAnnotatorName(io.env, io.cwd);
  const from = stringOption(parsed, 'from');
  const categories = categoryIdsOf(state.basics);
  const scale = scaleOf(state.manifest);
  const criteriaOf = (itemId: string): readonly string[] => state.current.get(itemId)?.criteria?.map((c) => c.id) ?? [];
  let events: AdjudicationEvent[];
  if (from !== undefined) {
    if (['item', 'criterion', 'verdict', 'flag', 'note'].some((name) => parsed.values[name] !== undefined)) {
      throw new UsageError('adjudicate: --from excludes --item, --criterion, --verdict, --flag and --note');
    }
    const file = resolve(io.cwd, from);
    const rows = parseDecisionsCsv(readFileSync(file, 'utf8'), file, new Set(state.manifest.dataset.itemIds), categories, {
      scale,
      criteriaOf,
    });
    const decided = rows.map((row) =>
      eventFor(
        state,
        { itemId: row.itemId, criterion: row.criterion },
        row.annotator ?? annotator,
        role,
        row.state,
        `${file} line ${row.line}`,
      ),
    );
    const logged = new Set(rows.flatMap((row) => state.index.eventsOf(row.itemId).map((l) => l.event.id)));
    events = newImportedEvents(decided, (id) => logged.has(id));
    io.stderr(
      `${events.length} of ${rows.length} rows new (${rows.length - events.length} already in adjudications.jsonl or repeated in the file)\n`,
    );
  } else {
    const itemId = stringOption(parsed, 'item');
    if (itemId === undefined) throw new UsageError('adjudicate: --item ID (or --from FILE.csv) is required');
    if (!state.manifest.dataset.itemIds.includes(itemId))
      throw new UserError(`adjudicate: "${itemId}" is not an item of run ${state.manifest.id}`);
    const verdictText = stringOption(parsed, 'verdict');
    if (verdictText === undefined)
      throw new UsageError(
        `adjudicate: --verdict ${isGraded(scale) ? `LEVEL|none (${scaleTakes(scale)})` : 'true|false|null|none'} is required`,
      );
    const typed = parseDecision(scale, verdictText);
    if (!typed.ok) throw new UsageError(`adjudicate: --verdict ${typed.message}`);
    const flagValue = choiceOption('adjudicate', parsed, 'flag', [...categories, 'none']);
    const criterion = stringOption(parsed, 'criterion');
    const misfit = decisionMisfit(scale, itemId, criteriaOf(itemId), {
      criterion,
      decision: typed.decision,
      flagged: flagValue !== undefined,
    });
    if (misfit !== undefined) throw new UsageError(`adjudicate: --${misfit.field}: ${misfit.message}`);
    const previous = previousState(state, itemId, criterion, annotator);
    const next: AnnotatorState = {
      ...typed.decision,
      hallucination: flagValue === undefined ? previous.hallucination : flagValue === 'none' ? null : flagValue,
      note: stringOption(parsed, 'note') ?? previous.note,
    };
    events = [eventFor(state, { itemId, criterion }, annotator, role, next, `--item ${itemId}`)];
  }
  const torn = await appendAdjudications(state.paths.adjudications, events);
  if (torn !== undefined) io.stderr(`adjudications.jsonl ended in a torn line; its bytes were moved to ${torn}\n`);
  io.stderr(`appended ${events.length} event${events.length === 1 ? '' : 's'} to ${state.paths.adjudications}\n`);
  return 0;
}

function eventFor(
  state: RunState,
  target: { readonly itemId: string; readonly criterion: string | undefined },
  annotator: string,
  role: Role,
  next: AnnotatorState,
  where: string,
): AdjudicationEvent {
  const { itemId, criterion } = target;
  const current = state.current.get(itemId);
  if (current === undefined) throw new UserError(`${where}: item ${itemId} has no result yet, so there is nothing to adjudicate`);
  return newAdjudicationEvent({ itemId, annotator, role, state: next, current, ...(criterion === undefined ? {} : { criterion }) });
}

/** The annotator's flag and note on the item, or on the criterion (the latest of their events on it). */
function previousState(state: RunState, itemId: string, criterion: string | undefined, annotator: string): AnnotatorState {
  const events = state.index.eventsOf(itemId);
  const mine = (
    criterion === undefined ? latestPerAnnotator(events) : latestPerAnnotatorOf(events.filter((l) => l.event.criterion === criterion))
  ).find((l) => l.event.annotator === annotator)?.event;
  return { hallucination: mine?.hallucination ?? null, note: mine?.note ?? '' };
}
