import { readFileSync, readdirSync } from 'node:fs';

/** Linux's USER_HZ, the unit of /proc's utime and stime: 100 on every Linux ABI. */
const TICKS_PER_SECOND = 100;

/** Each thread of this process (by thread id) and the CPU time it has used, in ms; null where /proc/self/task is not there. */
export function threadCpuMs(): Map<string, number> | null {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  const used = new Map<string, number>();
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the name in parentheses: state is field 3, utime and stime fields 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(tid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return used;
}

/** CPU time by kind of thread over a span: the JS thread, the threads started for the work (its own), every other. */
export interface ThreadCpuSplit {
  readonly jsThreadMs: number;
  readonly ownThreadsMs: number;
  readonly otherThreadsMs: number;
}

/**
 * The CPU each kind of thread used between `before` and `after`. `existing` lists the threads there were
 * before the work started its own (a session's thread, ONNX Runtime's): any thread not in it is the work's own.
 */
export function splitThreadCpu(
  existing: ReadonlySet<string>,
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
): ThreadCpuSplit {
  const js = String(process.pid);
  let jsThreadMs = 0;
  let ownThreadsMs = 0;
  let otherThreadsMs = 0;
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0);
    if (tid === js) jsThreadMs += spent;
    else if (existing.has(tid)) otherThreadsMs += spent;
    else ownThreadsMs += spent;
  }
  return { jsThreadMs, ownThreadsMs, otherThreadsMs };
}
