// Run folders and child writers of decisions for the adjudication crash and concurrency tests.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import { importOfficialYokaiEval } from '../../../src/core/benchmarks/yokaieval/importOfficial';
import { scratchDir } from '../../helpers/scratch';
import { sharedDataDir } from '../../helpers/sharedData';

const projectRoot = resolve(__dirname, '../../..');
const CHILD = 'test/unit/reliability/adjudicationWriter.child.ts';

/** YokaiEval's official gpt4o.json: a run folder of 810 items with results, made without a server. */
export const gpt4o = join(sharedDataDir, 'yokaieval', 'official-results', 'gpt4o.json');

export async function importedRun(prefix: string): Promise<string> {
  const dir = join(scratchDir(prefix), 'run');
  await importOfficialYokaiEval(gpt4o, dir, { dataDir: sharedDataDir });
  return dir;
}

export interface Writer {
  /** Ids of the events on disk, as the child acknowledged them. */
  readonly acks: string[];
  /** Its other lines (e.g. "torn PATH" when it moved a torn tail aside). */
  readonly reports: string[];
  readonly exited: Promise<number | null>;
  kill(): void;
}

/** A child process appending decisions through AdjudicationWriter (count 0: until killed). */
export function startWriter(runDir: string, annotator: string, seed: number, count: number, longShare: number, goFile?: string): Writer {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CHILD,
      runDir,
      annotator,
      String(seed),
      String(count),
      String(longShare),
      ...(goFile !== undefined ? [goFile] : []),
    ],
    {
      cwd: projectRoot,
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const acks: string[] = [];
  const reports: string[] = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => (line.startsWith('ack ') ? acks.push(line.slice(4)) : reports.push(line)));
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  return { acks, reports, exited, kill: () => child.kill('SIGKILL') };
}
