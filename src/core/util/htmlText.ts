/**
 * Text as HTML that shows exactly this text, in an element or in a quoted attribute (either quote): the
 * five characters that could start markup or end an attribute become character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
