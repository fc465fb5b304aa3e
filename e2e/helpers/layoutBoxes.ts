// Layout claims measured on element boxes in a webview: each part is inside the window and inside every
// ancestor that clips it (a part below the fold of a scrolling pane is laid out but not seen), clear of the
// decision bar; the list's chips and row tags are not cut off (scrollWidth <= clientWidth).
import { type FrameLocator, type Page } from 'playwright-core';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One element of a part as measured in the webview's own coordinates. */
export interface Measured {
  readonly box: Box;
  /** The visible rectangle left by the window and every clipping ancestor (overflow other than visible). */
  readonly visible: Box;
}

export const show = (b: Box): string => `[${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}]`;

const contains = (outer: Box, inner: Box): boolean =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

/** Every element of each selector, with its box and what of it can be seen; an empty list when none is rendered. */
export async function measure(frame: FrameLocator, selectors: Readonly<Record<string, string>>): Promise<Record<string, Measured[]>> {
  // No named functions inside: tsx's keepNames would wrap them in a helper the page does not have.
  return frame.locator('body').evaluate((body, wanted) => {
    const view = body.ownerDocument.defaultView;
    const out: Record<string, Measured[]> = {};
    for (const [name, selector] of Object.entries(wanted)) {
      const found: Measured[] = [];
      out[name] = found;
      for (const e of Array.from(body.querySelectorAll(selector))) {
        if (e.getClientRects().length === 0) continue;
        let left = 0;
        let top = 0;
        let right = view?.innerWidth ?? 0;
        let bottom = view?.innerHeight ?? 0;
        for (let a = e.parentElement; a !== null; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const r = a.getBoundingClientRect();
          left = Math.max(left, r.left);
          top = Math.max(top, r.top);
          right = Math.min(right, r.right);
          bottom = Math.min(bottom, r.bottom);
        }
        const r = e.getBoundingClientRect();
        found.push({
          box: { x: r.x, y: r.y, width: r.width, height: r.height },
          visible: { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) },
        });
      }
    }
    return out;
  }, selectors);
}

/**
 * The problems of one view: a part not rendered, or not wholly in view, or (other than the bar itself)
 * overlapping the decision bar. The webview's iframe must itself lie inside the page's window.
 */
export async function notInView(
  page: Page,
  frame: FrameLocator,
  parts: Readonly<Record<string, string>>,
  bar: string,
  label: string,
): Promise<string[]> {
  const problems: string[] = [];
  const size = page.viewportSize();
  const iframe = await page.locator('iframe.webview').filter({ visible: true }).first().boundingBox();
  if (size === null || iframe === null) return [`${label}: no webview in the page`];
  if (!contains({ x: 0, y: 0, width: size.width, height: size.height }, iframe)) {
    problems.push(`${label}: the webview ${show(iframe)} is not inside the window ${size.width}x${size.height}`);
  }
  const found = await measure(frame, { ...parts, 'the decision bar': bar });
  const [decision] = found['the decision bar'] ?? [];
  if (decision === undefined) return [...problems, `${label}: the decision bar (${bar}) is not rendered`];
  for (const [name, selector] of Object.entries(parts)) {
    const all = found[name] ?? [];
    if (all.length === 0) problems.push(`${label}: ${name} (${selector}) is not rendered`);
    for (const { box, visible } of all) {
      if (!contains(visible, box)) problems.push(`${label}: ${name} ${show(box)} is not wholly in view (visible there: ${show(visible)})`);
      const underBar = !contains(decision.box, box) && overlaps(box, decision.box);
      if (underBar) problems.push(`${label}: ${name} ${show(box)} lies under the decision bar ${show(decision.box)}`);
    }
  }
  return problems;
}

/** Elements of the selector whose content is cut off sideways (scrollWidth > clientWidth), or that stick out of `within`. */
export async function clipped(frame: FrameLocator, selector: string, within: string): Promise<string[]> {
  return frame.locator('body').evaluate(
    (body, [sel, container]) => {
      const outer = body.querySelector(container)?.getBoundingClientRect();
      return Array.from(body.querySelectorAll<HTMLElement>(sel))
        .filter((e) => e.getClientRects().length > 0)
        .flatMap((e) => {
          const r = e.getBoundingClientRect();
          const name = `${sel} "${(e.textContent ?? '').trim().slice(0, 40)}"`;
          const problems: string[] = [];
          if (e.scrollWidth > e.clientWidth + 1) problems.push(`${name}: ${e.scrollWidth} px of content in ${e.clientWidth} px`);
          if (outer !== undefined && (r.left < outer.left - 1 || r.right > outer.right + 1)) {
            const span = `[${Math.round(r.left)}–${Math.round(r.right)}]`;
            problems.push(`${name}: ${span} sticks out of ${container} [${Math.round(outer.left)}–${Math.round(outer.right)}]`);
          }
          return problems;
        });
    },
    [selector, within] as const,
  );
}
