// The extension host's side of the review bench's overlapped open, in a process of its own (as VS Code's
// extension host is apart from the webview's renderer): it loads the modules, says so, and on 'go' does what
// ReviewPanel does once its page is written: ReviewSession.open from results.index, then the first messages
// (init with the header and a screen of rows, the first item's detail), written where the bench's page
// fetches them. Times are epoch milliseconds (performance.timeOrigin + performance.now()), the clock the
// page's marks are converted to.
import { writeFileSync } from 'node:fs';
import * as z from 'zod';
import { ReviewSession } from '../src/core/review/reviewSession';
import { benchOpeningMessages } from './reviewUiInit';

const GoSchema = z.object({ type: z.literal('go'), runDir: z.string(), initPath: z.string(), firstItemPath: z.string() });

interface HostReport {
  readonly type: 'written';
  readonly startedAt: number;
  readonly openedAt: number;
  readonly writtenAt: number;
  /** CPU time (user + system) of this process from 'go' to written: what it worked, against the wall it took. */
  readonly cpuMs: number;
}

const epochNow = (): number => performance.timeOrigin + performance.now();

function openAndWrite(go: z.output<typeof GoSchema>): HostReport {
  const startedAt = epochNow();
  const cpu = process.cpuUsage();
  const { session } = ReviewSession.open(go.runDir, 'bench', { searchInRows: false });
  const openedAt = epochNow();
  const sequence = benchOpeningMessages(session);
  writeFileSync(go.initPath, JSON.stringify(sequence.init));
  writeFileSync(go.firstItemPath, JSON.stringify({ type: 'item', detail: sequence.detail }));
  const used = process.cpuUsage(cpu);
  return { type: 'written', startedAt, openedAt, writtenAt: epochNow(), cpuMs: (used.user + used.system) / 1000 };
}

if (process.send !== undefined) {
  process.on('message', (raw: unknown) => {
    const report = openAndWrite(GoSchema.parse(raw));
    process.send?.(report, () => process.disconnect());
  });
  process.send({ type: 'loaded' });
}
