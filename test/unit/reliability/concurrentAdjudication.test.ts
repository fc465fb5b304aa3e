// Two VS Code windows and the CLI adjudicating the same run at once: every writer appends with O_APPEND,
// one write per line (lines far longer than PIPE_BUF and a page included), so no event is lost, no line
// is split or merged, and the panel following the log sees every event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { AdjudicationWriter, readAdjudicationLog } from '../../../src/core/adjudication/adjudicationLog';
import { newAdjudicationEvent } from '../../../src/core/adjudication/newEvent';
import { AdjudicationTail } from '../../../src/core/review/adjudicationTail';
import { ReviewSession } from '../../../src/core/review/reviewSession';
import { runCli } from '../../helpers/cli';
import { requireSharedFile } from '../../helpers/sharedData';
import { gpt4o, importedRun, startWriter } from './adjudicationWriters';

const PER_WINDOW = 200;
const PANEL_EVENTS = 60;
const CLI_RUNS = 5;
const CLI_ROWS = 10;

test(
  'two windows, the panel and the CLI append to one adjudications.jsonl at once: no event lost, every line valid',
  { timeout: 120_000 },
  async (t) => {
    if (!requireSharedFile(t, gpt4o)) return;
    const runDir = await importedRun('adj-concurrent');
    const log = join(runDir, 'adjudications.jsonl');
    const { session } = ReviewSession.open(runDir, 'Panel');
    const tail = new AdjudicationTail(log);
    const seen = new Set<string>();
    let tailProblems = 0;
    const follow = (): void => {
      const read = tail.read();
      assert.equal(read.reset, false, 'the log never shrank');
      tailProblems += read.problems.length;
      for (const logged of read.events) seen.add(logged.event.id);
    };

    // Two other windows (processes), writing long notes (up to 300 KB lines) a good share of the time.
    // They start together, when the go file appears.
    const go = join(runDir, '..', 'go');
    const windows = [startWriter(runDir, 'Window A', 1, PER_WINDOW, 0.25, go), startWriter(runDir, 'Window B', 2, PER_WINDOW, 0.25, go)];
    const deadline = Date.now() + 30_000;
    while (windows.some((w) => !w.reports.includes('ready'))) {
      assert.ok(Date.now() < deadline, 'the windows did not open the log');
      await new Promise((r) => setTimeout(r, 2));
    }
    writeFileSync(go, '');

    let whenPanelStarted: number[] = [];

    // The CLI, several times over: each run opens the log afresh (and checks its tail) while others write.
    const csv = (run: number): string => {
      const rows = Array.from({ length: CLI_ROWS }, (_, i) => [
        String(run * CLI_ROWS + i),
        i % 2 === 0 ? 'true' : 'false',
        i % 3 === 0 ? 'other' : '',
        `cli ${run}/${i} ${'注'.repeat(i === 0 ? 6000 : 10)}`,
        'CLI',
      ]);
      return stringify([['itemId', 'verdict', 'flag', 'note', 'annotator'], ...rows]);
    };
    const cli = async (): Promise<void> => {
      for (let run = 0; run < CLI_RUNS; run++) {
        const file = join(runDir, '..', `decisions-${run}.csv`);
        writeFileSync(file, csv(run));
        const result = await runCli(['adjudicate', runDir, '--from', file]);
        assert.equal(result.code, 0, result.stderr);
        assert.doesNotMatch(result.stderr, /torn/, 'a line being written by another process was taken for a torn one');
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // This window: the panel's writer, one decision at a time, following the log as it goes.
    const panelWriter = AdjudicationWriter.open(log);
    const ids = session.rows().map((r) => r.id);
    const panel = async (): Promise<void> => {
      for (let i = 0; i < PANEL_EVENTS; i++) {
        const itemId = ids[(i * 7) % ids.length] ?? '0';
        const current = session.currentLine(itemId);
        assert.ok(current !== undefined);
        const note = i % 10 === 0 ? 'パネル'.repeat(20_000) : `panel ${i}`;
        await panelWriter.append([
          newAdjudicationEvent({
            itemId,
            annotator: 'Panel',
            role: 'annotator',
            state: { verdict: i % 2 === 0, hallucination: null, note },
            current,
          }),
        ]);
        if (i === 0) whenPanelStarted = windows.map((w) => w.acks.length);
        follow();
        await new Promise((r) => setTimeout(r, 3));
      }
      await panelWriter.close();
    };
    await Promise.all([panel(), new Promise((r) => setTimeout(r, 5)).then(cli)]);
    assert.ok(
      whenPanelStarted.some((n) => n < PER_WINDOW),
      `the windows were still writing when the panel wrote its first decision (${whenPanelStarted.join(', ')} of ${PER_WINDOW})`,
    );
    const codes = await Promise.all(windows.map((w) => w.exited));
    assert.deepEqual(codes, [0, 0]);
    follow();

    const contents = readAdjudicationLog(log);
    assert.deepEqual(contents.problems, [], 'every line is a valid event');
    assert.equal(contents.tornTail, false);
    const byAnnotator = new Map<string, number>();
    for (const { event } of contents.events) byAnnotator.set(event.annotator, (byAnnotator.get(event.annotator) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(byAnnotator), {
      'Window A': PER_WINDOW,
      'Window B': PER_WINDOW,
      Panel: PANEL_EVENTS,
      CLI: CLI_RUNS * CLI_ROWS,
    });
    const acknowledged = windows.flatMap((w) => w.acks);
    const logged = new Set(contents.events.map((e) => e.event.id));
    assert.deepEqual(
      acknowledged.filter((id) => !logged.has(id)),
      [],
    );
    assert.equal(logged.size, contents.events.length, 'no event twice');
    assert.equal(seen.size, contents.events.length, 'the panel following the log saw every event');
    assert.equal(tailProblems, 0);
    assert.deepEqual(
      readdirSync(runDir).filter((f) => f.includes('.torn-')),
      [],
      'nothing was taken for a torn line',
    );
    assert.ok(
      contents.events.some((e) => Buffer.byteLength(JSON.stringify(e.event)) > 64 * 1024),
      'lines longer than 64 KB were written',
    );
    session.readTail();
    assert.deepEqual(session.header(), ReviewSession.open(runDir, 'Panel').session.header());
  },
);
