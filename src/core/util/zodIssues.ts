import type * as z from 'zod';
import { InputError, type InputLocation } from './errors';

/** The first issue of a failed parse as a dotted field path and a message. */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  if (issue === undefined) return { field: '', message: 'invalid value' };
  return { field: issue.path.map(String).join('.'), message: issue.message };
}

/** The first issue of a failed parse as one line: "field: message", or the message alone for the value as a whole. */
export function firstIssueLine(error: z.ZodError): string {
  const { field, message } = firstIssue(error);
  return field === '' ? message : `${field}: ${message}`;
}

/** Parse with a schema, or throw an InputError naming the file, line or record, and the field. */
export function parseAt<S extends z.ZodType>(schema: S, value: unknown, at: Omit<InputLocation, 'field'>): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, message } = firstIssue(result.error);
  throw new InputError({ ...at, field }, message);
}
