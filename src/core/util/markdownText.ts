/**
 * Characters that start inline Markdown: emphasis, code, links and images (an opening bracket is enough to
 * stop both), table cells, strikethrough, escapes. An underscore between two letters or digits opens no
 * emphasis, so "judge_prompt.txt" stays as it is.
 */
const INLINE = /[\\`*[|~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** An ampersand that would start a character reference ("&lt;", "&#106;"). */
const REFERENCE = /&(?=#?[A-Za-z0-9]+;)/g;
/** Characters that start a block (heading, list, quote, setext underline, thematic break) at the start of a line. */
const BLOCK_START = /^([#>+=-]|\d{1,9}[.)](?=[ \t]|$))/;

/**
 * Text as Markdown that renders as exactly this text in any CommonMark or GitHub viewer, HTML-rendering ones
 * included: `<` becomes an entity (no raw HTML, no autolink), so does an `&` that would start one, inline
 * markup characters are backslash-escaped, a block marker at the start is escaped (leading blanks become
 * character references, which start no indented code block), and a line break becomes `<br>` (the report's
 * own markup), so the text stays one paragraph, list item or table cell.
 */
export function markdownText(text: string): string {
  const escaped = text
    .replace(REFERENCE, '&amp;')
    .replace(/</g, '&lt;')
    .replace(INLINE, (c) => `\\${c}`);
  return escaped
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .replace(/^[ \t]+/, (blanks) => blanks.replace(/ /g, '&#32;').replace(/\t/g, '&#9;'))
        .replace(BLOCK_START, (marker: string) => marker.replace(/([#>+=.)-])$/, '\\$1')),
    )
    .join('<br>');
}
