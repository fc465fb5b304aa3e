import { SingleBar } from 'cli-progress';
import { type ItemProgress } from '../core/runs/itemRunner';

export interface ProgressReporter {
  update(progress: ItemProgress): void;
  stop(): void;
}

/** A bar on a terminal (done/total, rate, ETA, errors); plain lines otherwise, at most every few seconds. */
export function progressReporter(total: number, isTty: boolean, write: (text: string) => void): ProgressReporter {
  const started = Date.now();
  if (isTty) {
    const bar = new SingleBar({
      format: '{bar} {value}/{total} | {rate}/s | ETA {eta_formatted} | errors {errors}',
      stream: { write: (text: string) => write(text), isTTY: true, columns: process.stderr.columns } as unknown as NodeJS.WriteStream,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    });
    bar.start(total, 0, { rate: '0.0', errors: 0 });
    return {
      update: (p) => bar.update(p.done, { rate: rate(p.done, started), errors: p.errors }),
      stop: () => bar.stop(),
    };
  }
  let lastPrinted = 0;
  return {
    update: (p) => {
      const now = Date.now();
      if (p.done !== p.total && now - lastPrinted < 2000) return;
      lastPrinted = now;
      const remaining = p.done === 0 ? 0 : ((now - started) / p.done) * (p.total - p.done);
      write(`${p.done}/${p.total} items, ${rate(p.done, started)}/s, ETA ${Math.round(remaining / 1000)}s, ${p.errors} errors\n`);
    },
    stop: () => undefined,
  };
}

function rate(done: number, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  return seconds <= 0 ? '0.0' : (done / seconds).toFixed(1);
}
