import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { UserError, errorMessage } from '../../util/errors';
import { sha256Hex } from '../../util/hash';

export interface RescaleBaseline {
  readonly file: string;
  readonly sha256: string;
  readonly layer: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

/**
 * A baseline file in bert_score's format (rescale_baseline/<lang>/<model>.tsv: comma-separated, header
 * LAYER,P,R,F): bert_score takes the row at position `layer` (pandas iloc), as here.
 */
export function readRescaleBaseline(path: string, layer: number): RescaleBaseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UserError(`${path}: cannot read the baseline file (${errorMessage(error)})`);
  }
  let rows: string[][];
  try {
    rows = parse(text, { skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new UserError(`${path}: not a comma-separated baseline file (${errorMessage(error)})`);
  }
  const header = rows[0]?.map((cell) => cell.toUpperCase());
  if (header === undefined || header.join(',') !== 'LAYER,P,R,F')
    throw new UserError(`${path} line 1: the header must be LAYER,P,R,F as in bert_score's baseline files`);
  const row = rows[layer + 1];
  if (row === undefined) throw new UserError(`${path}: no row for layer ${layer} (it has ${rows.length - 1} rows)`);
  const [precision, recall, f1] = row.slice(1).map(Number);
  if (![precision, recall, f1].every((x) => x !== undefined && Number.isFinite(x) && x < 1)) {
    throw new UserError(`${path} line ${layer + 2}: P, R and F must be numbers below 1`);
  }
  return { file: path, sha256: sha256Hex(text), layer, precision: precision ?? 0, recall: recall ?? 0, f1: f1 ?? 0 };
}
