// The YokaiEval judge prompt as a Python str.format template: fill it in one pass, and parse a filled
// prompt back into its fields by the template's literal segments.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sharedDataDir } from '../helpers/sharedData';

export interface JudgeFields {
  question: string;
  correct: string;
  response: string;
}

export interface ParsedTemplate {
  /** Literal text around the fields ({{ and }} already unescaped); one more than fields. */
  literals: string[];
  fields: string[];
}

/** Splits a str.format template into literal segments and field names ({{ and }} are literal braces). */
export function parseTemplate(template: string): ParsedTemplate {
  const literals: string[] = [];
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    const next = template[i + 1];
    if ((c === '{' && next === '{') || (c === '}' && next === '}')) {
      current += c;
      i++;
    } else if (c === '{') {
      const end = template.indexOf('}', i);
      if (end < 0) throw new Error(`unclosed field at ${i}`);
      literals.push(current);
      fields.push(template.slice(i + 1, end));
      current = '';
      i = end;
    } else if (c === '}') {
      throw new Error(`single '}' at ${i}`);
    } else {
      current += c;
    }
  }
  literals.push(current);
  return { literals, fields };
}

/** str.format in one pass: each field replaced once, substituted text never rescanned. */
export function fillJudgePrompt(template: string, fields: JudgeFields): string {
  const { literals, fields: names } = parseTemplate(template);
  let out = literals[0] ?? '';
  names.forEach((name, i) => {
    if (name !== 'question' && name !== 'correct' && name !== 'response') throw new Error(`unknown field {${name}}`);
    out += fields[name] + (literals[i + 1] ?? '');
  });
  return out;
}

/**
 * Recovers question, correct and response from a filled judge prompt, or null when `filled` does not
 * have the template's shape. Each field ends at the first occurrence of the literal that follows it; the
 * last field takes everything up to the template's closing literal, so a response may contain any text.
 */
export function parseFilledJudgePrompt(filled: string, template: string): JudgeFields | null {
  const { literals, fields } = parseTemplate(template);
  const first = literals[0] ?? '';
  const last = literals[literals.length - 1] ?? '';
  if (!filled.startsWith(first) || !filled.endsWith(last) || filled.length < first.length + last.length) return null;
  const body = filled.slice(first.length, filled.length - last.length);
  const values = new Map<string, string>();
  let at = 0;
  for (let i = 0; i < fields.length; i++) {
    const name = fields[i] ?? '';
    if (i === fields.length - 1) {
      values.set(name, body.slice(at));
      break;
    }
    const sep = literals[i + 1] ?? '';
    const end = body.indexOf(sep, at);
    if (end < 0) return null;
    values.set(name, body.slice(at, end));
    at = end + sep.length;
  }
  const question = values.get('question');
  const correct = values.get('correct');
  const response = values.get('response');
  if (question === undefined || correct === undefined || response === undefined) return null;
  return { question, correct, response };
}

/** The choices of a rendered YokaiEval question: its lines that start with "- ". */
export function questionChoices(question: string): string[] {
  return question
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2));
}

export const defaultJudgeTemplatePath = resolve(sharedDataDir, 'yokaieval/judge_prompt.txt');

let cached: { text: string | null } | undefined;

/** The official judge template from the shared data folder, read once; null when it is absent. */
export function loadDefaultJudgeTemplate(): string | null {
  if (cached === undefined) {
    try {
      cached = { text: readFileSync(defaultJudgeTemplatePath, 'utf8') };
    } catch {
      cached = { text: null };
    }
  }
  return cached.text;
}
