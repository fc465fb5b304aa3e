/**
 * An error the user can act on: bad input, a missing file, a refused download. Its message is complete on
 * its own (it names the file, line and field where there is one) and is shown without a stack trace.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
}

/** Bad command-line usage: one line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where in an input file a problem sits, for messages such as `file.jsonl line 12, field "verdict": …`. */
export interface InputLocation {
  readonly file: string;
  readonly line?: number;
  readonly record?: number;
  readonly field?: string;
}

export function describeLocation(at: InputLocation): string {
  const parts = [at.file];
  if (at.line !== undefined) parts.push(`line ${at.line}`);
  if (at.record !== undefined) parts.push(`record ${at.record}`);
  if (at.field !== undefined && at.field !== '') parts.push(`field "${at.field}"`);
  return parts.join(', ');
}

export class InputError extends UserError {
  constructor(
    readonly at: InputLocation,
    readonly problem: string,
  ) {
    super(`${describeLocation(at)}: ${problem}`);
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
