import { type Rgba, parseColor } from './color';

/** The chart palette: VS Code's --vscode-charts-* colours, named by what they mean here. */
export const TONES = ['blue', 'green', 'red', 'yellow', 'orange', 'purple'] as const;
export type Tone = (typeof TONES)[number];

export type ThemeKind = 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';

export interface ChartTheme {
  readonly kind: ThemeKind;
  readonly foreground: string;
  readonly muted: string;
  readonly lines: string;
  readonly background: string;
  /** An outline for marks in high-contrast themes (contrastBorder), else null. */
  readonly border: string | null;
  readonly tones: Readonly<Record<Tone, string>>;
  readonly fontFamily: string;
  readonly fontSize: number;
}

/** VS Code's Dark Modern values: used only when a variable is missing (a test page, a plain browser). */
const FALLBACK: Readonly<Record<string, string>> = {
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-lines': 'rgba(204, 204, 204, 0.5)',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-font-family': 'system-ui, -apple-system, "Segoe UI", sans-serif',
  '--vscode-font-size': '13px',
};

function themeKind(body: HTMLElement): ThemeKind {
  const list = body.classList;
  if (list.contains('vscode-high-contrast-light')) return 'high-contrast-light';
  if (list.contains('vscode-high-contrast')) return 'high-contrast';
  if (list.contains('vscode-light')) return 'light';
  return 'dark';
}

/** Reads the theme's colours at render time (VS Code sets them as variables on the page). */
export function readTheme(doc: Document = document): ChartTheme {
  // VS Code sets the variables on the root element; the body inherits them (read both: not every DOM inherits).
  const styles = [getComputedStyle(doc.documentElement), getComputedStyle(doc.body)];
  const raw = (name: string): string => styles.map((s) => s.getPropertyValue(name).trim()).find((v) => v !== '') ?? '';
  const read = (name: string): string => {
    const value = raw(name);
    return value !== '' ? value : (FALLBACK[name] ?? '');
  };
  const kind = themeKind(doc.body);
  const contrastBorder = raw('--vscode-contrastBorder');
  const size = parseFloat(read('--vscode-font-size'));
  return {
    kind,
    foreground: read('--vscode-charts-foreground'),
    muted: read('--vscode-descriptionForeground'),
    lines: read('--vscode-charts-lines'),
    background: read('--vscode-editor-background'),
    border: kind.startsWith('high-contrast') && contrastBorder !== '' ? contrastBorder : null,
    tones: {
      blue: read('--vscode-charts-blue'),
      green: read('--vscode-charts-green'),
      red: read('--vscode-charts-red'),
      yellow: read('--vscode-charts-yellow'),
      orange: read('--vscode-charts-orange'),
      purple: read('--vscode-charts-purple'),
    },
    fontFamily: read('--vscode-font-family'),
    fontSize: Number.isFinite(size) && size > 0 ? size : 13,
  };
}

/** A theme colour as RGBA; a colour that cannot be parsed falls back (never throws). */
export function rgbaOf(css: string, fallback: string): Rgba {
  return parseColor(css) ?? parseColor(fallback) ?? { r: 128, g: 128, b: 128, a: 1 };
}

/**
 * Calls back when VS Code switches the theme: it changes the body's class (vscode-light, vscode-dark,
 * vscode-high-contrast) and the variables on the root element's style. Coalesced, and only when the
 * colours read differently.
 */
export function observeTheme(onChange: (theme: ChartTheme) => void, doc: Document = document): { dispose(): void } {
  let last = JSON.stringify(readTheme(doc));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const check = (): void => {
    timer = undefined;
    const theme = readTheme(doc);
    const key = JSON.stringify(theme);
    if (key === last) return;
    last = key;
    onChange(theme);
  };
  const observer = new MutationObserver(() => {
    timer ??= setTimeout(check, 0);
  });
  observer.observe(doc.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  return {
    dispose: () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
