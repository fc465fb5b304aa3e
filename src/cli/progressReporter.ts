import { SingleBar } from 'cli-progress';
import { type ItemProgress } from '../core/runs/itemRunner';
import { type RunPhase } from '../core/runs/runPhase';

/** A plain (not a terminal) output gets a line for a phase only when it is still going after this long: a log then shows what a wait of minutes was, and a quick failure stays one line. */
export const PHASE_LINE_AFTER_MS = 30_000;

export interface PhaseReporter {
  phase(phase: RunPhase): void;
  stop(): void;
}

export interface ProgressReporter extends PhaseReporter {
  update(progress: ItemProgress): void;
}

/**
 * The steps before a run's items (a local model's runtime, loading, hashing…). On a terminal, one status
 * line rewritten as each begins, with the seconds it has taken so far, cleared at the end; otherwise a line
 * for each phase still going after `lineAfterMs`, so that a log shows what a long wait was, and quick steps
 * leave nothing.
 */
export function phaseReporter(isTty: boolean, write: (text: string) => void, lineAfterMs = PHASE_LINE_AFTER_MS): PhaseReporter {
  let timer: NodeJS.Timeout | undefined;
  const clear = (): void => {
    clearInterval(timer);
    timer = undefined;
  };
  if (isTty) {
    let shown = false;
    return {
      phase: (p) => {
        clear();
        const began = Date.now();
        const show = (): void => {
          const seconds = Math.floor((Date.now() - began) / 1000);
          write(`\r\x1b[2K${p.message}…${seconds >= 1 ? ` ${seconds} s` : ''}`);
          shown = true;
        };
        show();
        timer = setInterval(show, 1000).unref();
      },
      stop: () => {
        clear();
        if (shown) write('\r\x1b[2K');
        shown = false;
      },
    };
  }
  return {
    phase: (p) => {
      clear();
      timer = setTimeout(() => write(`${p.message}…\n`), lineAfterMs).unref();
    },
    stop: clear,
  };
}

/** A bar on a terminal (done/total, rate, ETA, errors); plain lines otherwise, at most every few seconds. */
export function progressReporter(
  total: number,
  isTty: boolean,
  write: (text: string) => void,
  lineAfterMs = PHASE_LINE_AFTER_MS,
): ProgressReporter {
  const started = Date.now();
  if (isTty) {
    const bar = new SingleBar({
      format: '{bar} {value}/{total} | {rate}/s | ETA {eta_formatted} | errors {errors}{phase}',
      stream: { write: (text: string) => write(text), isTTY: true, columns: process.stderr.columns } as unknown as NodeJS.WriteStream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    });
    bar.start(total, 0, { rate: '0.0', errors: 0, phase: '' });
    return {
      // Until the first item is done, what it is waiting for (the first item of a local model takes longest).
      phase: (p) => bar.update({ phase: ` | ${p.message}…` }),
      update: (p) => bar.update(p.done, { rate: rate(p.done, started), errors: p.errors, phase: '' }),
      stop: () => bar.stop(),
    };
  }
  const phases = phaseReporter(false, write, lineAfterMs);
  let lastPrinted = 0;
  return {
    phase: phases.phase,
    update: (p) => {
      phases.stop();
      const now = Date.now();
      if (p.done !== p.total && now - lastPrinted < 2000) return;
      lastPrinted = now;
      const remaining = p.done === 0 ? 0 : ((now - started) / p.done) * (p.total - p.done);
      write(`${p.done}/${p.total} items, ${rate(p.done, started)}/s, ETA ${Math.round(remaining / 1000)}s, ${p.errors} errors\n`);
    },
    stop: phases.stop,
  };
}

function rate(done: number, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  return seconds <= 0 ? '0.0' : (done / seconds).toFixed(1);
}
