/** Colours as VS Code's theme variables give them (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba()), mixed in sRGB. */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

export function parseColor(text: string): Rgba | undefined {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex !== undefined) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    if (full.length !== 6 && full.length !== 8) return undefined;
    const byte = (i: number): number => parseInt(full.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? byte(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
  if (fn === undefined) return undefined;
  const parts = fn.split(/[\s,/]+/).filter((p) => p !== '');
  if (parts.length < 3) return undefined;
  const channel = (p: string): number => (p.endsWith('%') ? (parseFloat(p) / 100) * 255 : parseFloat(p));
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  const [r, g, b] = parts.slice(0, 3).map(channel);
  if ([r, g, b, alpha].some((x) => x === undefined || Number.isNaN(x))) return undefined;
  return { r: clamp(r ?? 0, 0, 255), g: clamp(g ?? 0, 0, 255), b: clamp(b ?? 0, 0, 255), a: clamp(alpha, 0, 1) };
}

export function toCss(c: Rgba): string {
  const round = (x: number): number => Math.round(x);
  return c.a >= 1
    ? `rgb(${round(c.r)}, ${round(c.g)}, ${round(c.b)})`
    : `rgba(${round(c.r)}, ${round(c.g)}, ${round(c.b)}, ${c.a.toFixed(3)})`;
}

/** `over` laid on an opaque `base` at weight t (its own alpha included): an opaque result. */
export function mix(base: Rgba, over: Rgba, t: number): Rgba {
  const w = clamp(t, 0, 1) * over.a;
  return { r: base.r + (over.r - base.r) * w, g: base.g + (over.g - base.g) * w, b: base.b + (over.b - base.b) * w, a: 1 };
}

/** The colour without its transparency: some themes give chart colours an alpha (a highlight colour reused). */
export function opaque(c: Rgba): Rgba {
  return { ...c, a: 1 };
}

export function withAlpha(c: Rgba, a: number): Rgba {
  return { ...c, a: clamp(a, 0, 1) };
}

function luminance(c: Rgba): number {
  const lin = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The candidate with the better contrast against the background. */
export function readableOn(background: Rgba, candidates: readonly Rgba[]): Rgba {
  let best = candidates[0] ?? { r: 0, g: 0, b: 0, a: 1 };
  for (const c of candidates) if (contrast(background, c) > contrast(background, best)) best = c;
  return best;
}
