// The project's documents and how their headings are addressed, for the tests that check them.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import MarkdownIt from 'markdown-it';

export const ROOT = resolve(__dirname, '../../..');

/** README.md, CONTRIBUTING.md, CHANGELOG.md, bench/README.md and every docs/*.md, relative to the root. */
export function documentPaths(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'bench/README.md', ...docs.sort()];
}

export function readDocument(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

const markdown = new MarkdownIt();

/** GitHub's anchor of a heading: lowercased, every character but letters, digits, `_`, `-` and spaces dropped, spaces to `-`. */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a document's headings as GitHub makes them (a repeated one gets -1, -2…). */
export function anchorsOf(text: string): Set<string> {
  const tokens = markdown.parse(text, {});
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[i + 1];
    const plain = (inline?.children ?? [])
      .filter((c) => c.type === 'text' || c.type === 'code_inline')
      .map((c) => c.content)
      .join('');
    const slug = githubSlug(plain);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return anchors;
}

/** Every link target (href) of a document, as markdown-it reads them. */
export function linksOf(text: string): string[] {
  const hrefs: string[] = [];
  const visit = (tokens: ReturnType<MarkdownIt['parse']>): void => {
    for (const token of tokens) {
      if (token.type === 'link_open' || token.type === 'image') {
        const href = token.attrGet(token.type === 'image' ? 'src' : 'href');
        if (href !== null) hrefs.push(href);
      }
      if (token.children) visit(token.children);
    }
  };
  visit(markdown.parse(text, {}));
  return hrefs;
}

/**
 * A document's sections: each heading's text with the text under it up to the next heading of the same
 * or a higher level (so a section holds its subsections).
 */
export function sectionsOf(text: string): { heading: string; level: number; body: string }[] {
  const lines = text.split('\n');
  const heads: { line: number; level: number; heading: string }[] = [];
  let fenced = false;
  lines.forEach((line, i) => {
    if (line.startsWith('```')) fenced = !fenced;
    const match = /^(#{1,6}) (.*)$/.exec(line);
    if (!fenced && match?.[1] !== undefined && match[2] !== undefined) heads.push({ line: i, level: match[1].length, heading: match[2] });
  });
  return heads.map((h, k) => {
    const next = heads.slice(k + 1).find((o) => o.level <= h.level);
    return { heading: h.heading, level: h.level, body: lines.slice(h.line, next?.line ?? lines.length).join('\n') };
  });
}
