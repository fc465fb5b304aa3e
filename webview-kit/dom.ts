/**
 * Tiny DOM helpers. They only ever set attributes, properties of the element's class list and text nodes:
 * nothing here parses HTML, so data passed in is always rendered as text.
 */

export type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Readonly<Record<string, AttrValue>>;
export type Child = Node | string | null | undefined | false;

const FORBIDDEN_ATTRIBUTE = /^(on|style$|srcdoc$|href$|src$|formaction$|action$)/i;

/** Sets (or, for false/null/undefined, removes) an attribute. Event handler and URL attributes are refused. */
export function setAttr(node: Element, name: string, value: AttrValue): void {
  if (FORBIDDEN_ATTRIBUTE.test(name)) throw new Error(`dom: refusing to set the "${name}" attribute`);
  if (value === false || value === null || value === undefined) node.removeAttribute(name);
  else node.setAttribute(name, value === true ? '' : String(value));
}

export function appendChildren(parent: Node, children: Child | readonly Child[]): void {
  const list: readonly Child[] = Array.isArray(children) ? children : [children as Child];
  for (const child of list) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** Creates an element: `class` sets className, other keys are attributes; strings become text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: Child | readonly Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'class') node.className = typeof value === 'string' ? value : '';
    else setAttr(node, name, value);
  }
  appendChildren(node, children);
  return node;
}

/** Replaces an element's content with text (never markup). */
export function setText(node: Node, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** Replaces an element's children. */
export function replaceChildren(parent: Element, children: Child | readonly Child[]): void {
  parent.replaceChildren();
  appendChildren(parent, children);
}

/** A codicon glyph: decorative, hidden from assistive technology (its meaning is always also in text). */
export function icon(name: string, extraClass = ''): HTMLSpanElement {
  return el('span', { class: `codicon codicon-${name}${extraClass === '' ? '' : ` ${extraClass}`}`, 'aria-hidden': 'true' });
}

/** Text only screen readers read. */
export function srOnly(text: string): HTMLSpanElement {
  return el('span', { class: 'sr-only' }, text);
}

let nextId = 0;
/** A document-unique id for aria-labelledby and friends. */
export function uniqueId(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}
