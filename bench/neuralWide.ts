import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, scratchDir } from './paths';
import { log } from './stats';

export interface WideModels {
  readonly label: string;
  readonly encoder: string;
  readonly regressor: string;
  readonly layers: number;
}

const PYTHON = '/usr/bin/python3';
const SCRIPT = join(REPO_ROOT, 'scripts', 'neural-fixtures', 'make_tiny_models.py');
const SHAPE = { layers: 4, hidden: 256, heads: 4, intermediate: 1024, maxLength: 128 };
/** What to do when the script's Python modules are missing, in one line (printed by the bench and kept in `wide.skipped`). */
export const HOW_TO_GET_TORCH =
  'the wider BERTScore/BLEURT models need torch and onnx in /usr/bin/python3: on Debian or Ubuntu `sudo apt-get install python3-torch python3-onnx`, then run `npm run bench -- --only neural` again';

/**
 * Wider models of the fixtures' architecture and tokenizer, made by the fixtures' script (needs python3 with
 * torch; the bench only, never CI): per token their forward pass costs about what the tokenizer does, as
 * with real models, where on the tiny fixtures it costs less than tokenizing.
 */
export function makeWideModels(): WideModels | { skipped: string } {
  if (!existsSync(PYTHON)) return { skipped: `${PYTHON} not found` };
  const out = scratchDir('neural-wide');
  const shape = Object.entries(SHAPE).flatMap(([k, v]) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(v)]);
  const made = spawnSync(PYTHON, [SCRIPT, '--out', out, ...shape], { encoding: 'utf8', timeout: 120_000 });
  if (made.status !== 0) {
    const last = (made.stderr || made.error?.message || '').trim().split('\n').at(-1) ?? '';
    if (/No module named '(torch|onnx)/.test(last)) {
      log(`not measured: ${HOW_TO_GET_TORCH}`);
      return { skipped: `${last}: ${HOW_TO_GET_TORCH}` };
    }
    return { skipped: `${SCRIPT} failed: ${last}` };
  }
  return {
    label: `made at bench time by make_tiny_models.py --out (${SHAPE.layers} layers, hidden ${SHAPE.hidden}, max length ${SHAPE.maxLength}; tokenizer of the fixtures)`,
    encoder: join(out, 'tiny-encoder'),
    regressor: join(out, 'tiny-bleurt'),
    layers: SHAPE.layers,
  };
}
