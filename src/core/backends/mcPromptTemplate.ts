import { UserError } from '../util/errors';

/** The default text scored by the completions backend: the Kalahi prompt, a newline, the reference. */
export const DEFAULT_MC_TEMPLATE = '{prompt}\n{reference}';

export interface RenderedTemplate {
  readonly text: string;
  /** Where the reference starts in `text`, as a JS string index (UTF-16 code units). */
  readonly referenceStart: number;
}

type Part = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'prompt' | 'reference' };
/** A parsed template, ready to render. */
export type McTemplate = readonly Part[];

/**
 * A template holds {prompt} once and then {reference} once; "{{" and "}}" are literal braces (Python
 * str.format). Text after {reference} is allowed and is scored with it, as the official code scores a
 * chat template's end-of-turn tokens.
 */
export function parseMcTemplate(template: string, source: string): McTemplate {
  const parts: Part[] = [];
  let text = '';
  let i = 0;
  const fail = (problem: string): never => {
    throw new UserError(`${source}: ${problem}`);
  };
  while (i < template.length) {
    const ch = template[i];
    if (ch === '{' && template[i + 1] === '{') {
      text += '{';
      i += 2;
    } else if (ch === '}' && template[i + 1] === '}') {
      text += '}';
      i += 2;
    } else if (ch === '{') {
      const close = template.indexOf('}', i + 1);
      const name = close === -1 ? '' : template.slice(i + 1, close);
      if (name !== 'prompt' && name !== 'reference')
        fail(`unknown or unclosed placeholder at offset ${i}: ${template.slice(i, i + 20)} (use {prompt}, {reference}, {{ or }})`);
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      parts.push({ kind: name as 'prompt' | 'reference' });
      i = close + 1;
    } else if (ch === '}') {
      fail(`single '}' at offset ${i} (write }} for a literal brace)`);
    } else {
      text += ch;
      i += 1;
    }
  }
  if (text !== '') parts.push({ kind: 'text', text });
  const prompts = parts.filter((p) => p.kind === 'prompt').length;
  const references = parts.filter((p) => p.kind === 'reference').length;
  if (prompts !== 1 || references !== 1) fail(`needs {prompt} once and {reference} once (found ${prompts} and ${references})`);
  if (parts.findIndex((p) => p.kind === 'prompt') > parts.findIndex((p) => p.kind === 'reference'))
    fail('{prompt} must come before {reference}');
  return parts;
}

export function renderMcTemplate(parts: McTemplate, prompt: string, reference: string): RenderedTemplate {
  let text = '';
  let referenceStart = -1;
  for (const part of parts) {
    if (part.kind === 'text') text += part.text;
    else if (part.kind === 'prompt') text += prompt;
    else {
      referenceStart = text.length;
      text += reference;
    }
  }
  return { text, referenceStart };
}

/** A template file's text: one final line break (which editors add) is not part of the template. */
export function templateFromFile(contents: string): string {
  return contents.replace(/\r?\n$/, '');
}
