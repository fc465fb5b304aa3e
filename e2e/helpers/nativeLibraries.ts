// Which processes of a test's code-server map llama.cpp's native libraries (Linux's /proc): the extension
// host must never load them itself; the runtime process it forks does. A test's processes are told apart
// from every other on the machine by a value of their environment (inherited from code-server down).
import { readFileSync, readdirSync } from 'node:fs';

export interface NativeProcess {
  readonly pid: number;
  readonly cmdline: string;
  /** The native model libraries in its memory map (libllama, libggml, koffi). */
  readonly libraries: readonly string[];
}

const NATIVE = /lib(llama|ggml)[^/]*\.so|koffi[^/]*\.node/;

/** Every live process whose environment holds `marker` (as NAME=VALUE), with the native model libraries it maps (`native`: which). */
export function processesWithEnv(marker: string, native: RegExp = NATIVE): NativeProcess[] {
  const found: NativeProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(marker)) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const libraries = [
        ...new Set(
          readFileSync(`/proc/${name}/maps`, 'utf8')
            .split('\n')
            .map((l) => l.split(/\s+/)[5] ?? '')
            .filter((path) => native.test(path)),
        ),
      ];
      found.push({ pid: Number(name), cmdline, libraries });
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
