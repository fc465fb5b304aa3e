/**
 * The review host for the graded webview tests: a real ReviewSession over a synthetic graded run folder
 * (test/helpers/syntheticGradedRun.ts) answering the page as the extension's ReviewPanel does: a selection
 * with the item's detail, a decision with an event appended to adjudications.jsonl then saved, rows and the
 * detail again, an undo with the previous state of what the latest decision changed.
 */
import { join } from 'node:path';
import { newAdjudicationEvent } from '../../src/core/adjudication/newEvent';
import { type AnnotatorState } from '../../src/core/adjudication/event';
import { openingMessages } from '../../src/core/review/openingMessages';
import { ReviewSession } from '../../src/core/review/reviewSession';
import { type InitMessage, type WebviewMessage } from '../../src/core/protocol/review';
import { type GradedRunOptions, type SyntheticGradedRun, appendEvents, writeSyntheticGradedRun } from '../helpers/syntheticGradedRun';
import { scratchDir } from '../helpers/scratch';
import { type Mounted } from './harness';

export interface GradedHost<R extends { readonly dir: string } = SyntheticGradedRun> {
  readonly run: R;
  session: ReviewSession;
  /** Answers every message the page posted since the last call (and the ones those answers make it post). */
  answer(): Promise<void>;
}

export async function openGradedRun(
  m: Mounted,
  n: number,
  options: GradedRunOptions & { init?: Partial<InitMessage> } = {},
): Promise<GradedHost> {
  return openRunFolder(m, writeSyntheticGradedRun(join(scratchDir('graded-webview'), 'run'), n, options), options.init);
}

/** Opens a run folder in the mounted page, the host answering as above. */
export async function openRunFolder<R extends { readonly dir: string }>(
  m: Mounted,
  run: R,
  initOverrides: Partial<InitMessage> = {},
): Promise<GradedHost<R>> {
  const undo: { itemId: string; criterion?: string; previous: AnnotatorState }[] = [];
  const handled = new WeakSet<object>();
  const host: GradedHost<R> = {
    run,
    session: ReviewSession.open(run.dir, 'alice').session,
    async answer() {
      // The test may clear what was posted: the messages not answered yet are the ones not seen.
      for (let next = m.api.posted.find((p) => !handled.has(p)); next !== undefined; next = m.api.posted.find((p) => !handled.has(p))) {
        handled.add(next);
        handle(next);
        await m.settle();
      }
    },
  };
  const detail = (itemId: string): void => m.deliver({ type: 'item', detail: host.session.detail(itemId, undo.length > 0) });
  const append = (itemId: string, state: AnnotatorState, criterion: string | undefined): void => {
    const current = host.session.currentLine(itemId);
    if (current === undefined) throw new Error(`no line for ${itemId}`);
    appendEvents({ adjudications: join(run.dir, 'adjudications.jsonl') }, [
      newAdjudicationEvent({
        itemId,
        annotator: 'alice',
        role: 'annotator',
        state,
        current,
        ...(criterion === undefined ? {} : { criterion }),
      }),
    ]);
    const update = host.session.readTail();
    m.deliver({ type: 'rows', header: host.session.header(), rows: update.changedRows });
  };
  function handle(message: WebviewMessage): void {
    if (message.type === 'select') detail(message.itemId);
    if (message.type === 'adjudicate') {
      undo.push({
        itemId: message.itemId,
        ...(message.criterion === undefined ? {} : { criterion: message.criterion }),
        previous: host.session.mine(message.itemId, message.criterion).state,
      });
      append(message.itemId, message.decision, message.criterion);
      m.deliver({ type: 'saved', itemId: message.itemId, requestId: message.requestId });
      detail(message.itemId);
    }
    if (message.type === 'undo') {
      const entry = undo.pop();
      if (entry === undefined) {
        m.deliver({ type: 'error', message: 'nothing to undo', requestId: message.requestId });
        return;
      }
      append(entry.itemId, entry.previous, entry.criterion);
      m.deliver({ type: 'saved', itemId: entry.itemId, requestId: message.requestId });
      detail(entry.itemId);
    }
  }
  const sequence = openingMessages(host.session, { selectedItemId: null, role: 'annotator', categories: [], blind: false, canUndo: false });
  m.deliver({ ...sequence.init, ...initOverrides });
  await host.answer();
  return host;
}
