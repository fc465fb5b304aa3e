import { escapeHtml } from '../util/htmlText';
import { markdownText } from '../util/markdownText';

/** A small document model, so one report renders to Markdown and HTML alike; every text is plain text, never markup. */
export type Block =
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'table'; readonly header: readonly string[]; readonly rows: readonly (readonly string[])[] };

export function toMarkdown(blocks: readonly Block[]): string {
  const out: string[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading') out.push(`${'#'.repeat(block.level)} ${markdownText(block.text)}`);
    else if (block.kind === 'paragraph') out.push(markdownText(block.text));
    else if (block.kind === 'list') out.push(block.items.map((item) => `- ${markdownText(item)}`).join('\n'));
    else {
      const line = (cells: readonly string[]): string => `| ${cells.map(markdownText).join(' | ')} |`;
      out.push([line(block.header), `|${block.header.map(() => ' --- ').join('|')}|`, ...block.rows.map(line)].join('\n'));
    }
  }
  return `${out.join('\n\n')}\n`;
}

/** A standalone HTML page; every text is escaped (model and annotator text is data, never markup). */
export function toHtml(blocks: readonly Block[], title: string): string {
  const body = blocks.map((block) => {
    if (block.kind === 'heading') return `<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`;
    if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
    if (block.kind === 'list') return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    const cells = (tag: string, row: readonly string[]): string =>
      `<tr>${row.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
    return `<table><thead>${cells('th', block.header)}</thead><tbody>${block.rows.map((r) => cells('td', r)).join('')}</tbody></table>`;
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;margin:.5rem 0}th,td{border:1px solid #bbb;padding:.2rem .5rem;text-align:left}th{background:#eee}</style>',
    '</head><body>',
    ...body,
    '</body></html>',
    '',
  ].join('\n');
}
