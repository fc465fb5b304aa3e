import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as z from 'zod';
import { firstIssue, firstIssueLine } from '../../../src/core/util/zodIssues';
import { describeIssue } from '../../server/schemas';

const Schema = z.object({ items: z.array(z.object({ text: z.string() })) });

function errorOf(value: unknown): z.ZodError {
  const parsed = Schema.safeParse(value);
  assert.ok(!parsed.success);
  return parsed.error;
}

test('the first issue of a failed parse names the dotted field and the message', () => {
  const nested = errorOf({ items: [{ text: 'a' }, { text: 7 }] });
  const { field, message } = firstIssue(nested);
  assert.equal(field, 'items.1.text');
  assert.match(message, /expected string, received number/);
  assert.equal(firstIssueLine(nested), `items.1.text: ${message}`);
});

test('an issue with the value as a whole has no field, and its line is the message alone', () => {
  const whole = errorOf('not an object');
  assert.equal(firstIssue(whole).field, '');
  assert.match(firstIssueLine(whole), /^Invalid input: expected object/);
});

test("the test server's OpenAI-style error reads the same first issue", () => {
  assert.deepEqual(describeIssue(errorOf({ items: [{ text: 7 }] })), {
    message: firstIssueLine(errorOf({ items: [{ text: 7 }] })),
    param: 'items.0.text',
  });
  assert.equal(describeIssue(errorOf(null)).param, null);
});
