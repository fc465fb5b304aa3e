import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../core/util/htmlText';

export interface WebviewHtmlInput {
  /** webview.cspSource */
  readonly cspSource: string;
  /** webview.asWebviewUri of the bundle (dist/webview.js, dist/stats.js) and dist/codicon.css, as strings. */
  readonly scriptUri: string;
  readonly codiconsUri: string;
  readonly title: string;
  readonly nonce?: string;
}

export function createNonce(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The only HTML the host ever writes: a shell with a strict CSP (nothing by default; scripts only by
 * nonce, no unsafe-inline or unsafe-eval), the bundle and the codicon font. Every text from a run reaches
 * the page later, as data in messages, and is rendered as text.
 */
export function getWebviewHtml(input: WebviewHtmlInput): string {
  const nonce = input.nonce ?? createNonce();
  const csp = [
    "default-src 'none'",
    `img-src ${input.cspSource} data:`,
    `font-src ${input.cspSource}`,
    `style-src ${input.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'none'",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="${escapeHtml(input.codiconsUri)}" nonce="${nonce}">
<title>${escapeHtml(input.title)}</title>
</head>
<body>
<div id="app" class="app"></div>
<script nonce="${nonce}" src="${escapeHtml(input.scriptUri)}"></script>
</body>
</html>`;
}
