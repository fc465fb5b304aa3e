import { readFileSync, existsSync } from 'node:fs';
import type * as z from 'zod';
import { InputError, errorMessage } from './errors';
import { decodeUtf8 } from './utf8';
import { parseAt } from './zodIssues';

export interface JsonlRecord<T> {
  readonly value: T;
  /** 1-based line number in the file. */
  readonly line: number;
}

export interface JsonlContents<T> {
  readonly records: JsonlRecord<T>[];
  /** A last line without its newline: a write in progress or a crash. Never parsed, never an error. */
  readonly tornTail: boolean;
}

/** Reads and validates every complete line; a malformed one (or bytes that are not UTF-8) is an error naming the file, line and field. */
export function readJsonl<S extends z.ZodType>(path: string, schema: S): JsonlContents<z.output<S>> {
  if (!existsSync(path)) return { records: [], tornTail: false };
  const bytes = readFileSync(path);
  // The complete lines only: a torn tail (a write cut short, maybe inside a character) is never parsed.
  const complete = bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
  const tornTail = complete.length < bytes.length;
  const lines = decodeUtf8(complete, path).split('\n');
  lines.pop();
  const records: JsonlRecord<z.output<S>>[] = [];
  lines.forEach((lineText, index) => {
    const line = index + 1;
    if (lineText.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(lineText);
    } catch (error) {
      throw new InputError({ file: path, line }, `not valid JSON (${errorMessage(error)})`);
    }
    records.push({ value: parseAt(schema, json, { file: path, line }), line });
  });
  return { records, tornTail };
}
