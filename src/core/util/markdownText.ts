/** Characters that start inline Markdown anywhere in a line: emphasis, code, links, images, tables, strikethrough, escapes. */
const INLINE = /[\\`*_[\]!|~]/g;
/** Characters that start a block (heading, list, setext underline, thematic break) at the start of a line. */
const BLOCK_START = /^([#+=-]|\d{1,9}[.)](?=[ \t]|$))/;

/**
 * Text as Markdown that renders as exactly this text in any CommonMark or GitHub viewer, HTML-rendering ones
 * included: `<`, `>` and `&` become entities (no raw HTML, no autolink, no entity of the text's own), inline
 * markup characters are backslash-escaped, a block marker at the start is escaped (leading blanks become
 * character references, which start no indented code block), and a line break becomes
 * `<br>` (the report's own markup), so the text stays one paragraph, list item or table cell.
 */
export function markdownText(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(INLINE, (c) => `\\${c}`);
  return escaped
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^[ \t]+/, (blanks) => blanks.replace(/ /g, '&#32;').replace(/\t/g, '&#9;')).replace(BLOCK_START, (marker: string) => marker.replace(/([#+=.)-])$/, '\\$1')))
    .join('<br>');
}
