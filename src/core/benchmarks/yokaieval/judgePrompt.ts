import { UserError } from '../../util/errors';

export interface JudgeFields {
  readonly question: string;
  readonly correct: string;
  readonly response: string;
}

/**
 * Fills the official judge template as Python's str.format does, in a single pass: each {question},
 * {correct} and {response} is replaced by its value, "{{" and "}}" become single braces, and substituted
 * text is never scanned again (so a response holding "{correct}" or "$&" stays as it is). Everything else,
 * the trailing newline included, is kept byte for byte.
 */
export function fillJudgeTemplate(template: string, fields: JudgeFields): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === '{') {
      if (template[i + 1] === '{') {
        out += '{';
        i += 2;
        continue;
      }
      const close = template.indexOf('}', i + 1);
      const name = close === -1 ? '' : template.slice(i + 1, close);
      if (name !== 'question' && name !== 'correct' && name !== 'response') {
        throw new UserError(`judge template: unknown or unclosed placeholder at offset ${i}: ${template.slice(i, i + 20)}`);
      }
      out += fields[name];
      i = close + 1;
    } else if (ch === '}') {
      if (template[i + 1] !== '}') throw new UserError(`judge template: single '}' at offset ${i}`);
      out += '}';
      i += 2;
    } else {
      const next = nextBrace(template, i);
      out += template.slice(i, next);
      i = next;
    }
  }
  return out;
}

function nextBrace(text: string, from: number): number {
  const open = text.indexOf('{', from);
  const close = text.indexOf('}', from);
  const candidates = [open, close].filter((at) => at !== -1);
  return candidates.length === 0 ? text.length : Math.min(...candidates);
}
