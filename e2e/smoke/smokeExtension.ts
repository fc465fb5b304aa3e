// A throwaway extension written at test time to prove the harness: its command "E2E Smoke: Open Panel"
// writes smoke-output.txt into the workspace and opens a webview whose button shows $E2E_SMOKE_TEXT;
// clicking the button round-trips a message through the host, which writes smoke-clicked.txt.
// "E2E Smoke: Ask" shows a quick pick and an input box, writes the answers to smoke-answers.json and
// shows them in a notification (exercising answerQuickPick, typeIntoInput and waitForNotification).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SMOKE_COMMAND_TITLE = 'E2E Smoke: Open Panel';
export const SMOKE_OUTPUT_FILE = 'smoke-output.txt';
export const SMOKE_CLICKED_FILE = 'smoke-clicked.txt';
export const SMOKE_TEXT_ENV = 'E2E_SMOKE_TEXT';
export const SMOKE_ASK_TITLE = 'E2E Smoke: Ask';
export const SMOKE_ANSWERS_FILE = 'smoke-answers.json';
export const SMOKE_PICKS: readonly string[] = ['alpha', 'beta', 'gamma'];

const manifest = {
  name: 'e2e-smoke',
  displayName: 'E2E Smoke',
  description: 'Throwaway extension for the end-to-end harness smoke test.',
  version: '0.0.1',
  publisher: 'eval-adjudicator-e2e',
  license: 'MIT',
  engines: { vscode: '^1.138.0' },
  main: './extension.js',
  activationEvents: [],
  contributes: {
    commands: [
      { command: 'e2eSmoke.openPanel', title: 'Open Panel', category: 'E2E Smoke' },
      { command: 'e2eSmoke.ask', title: 'Ask', category: 'E2E Smoke' },
    ],
  },
};

const extensionJs = String.raw`'use strict';
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('e2eSmoke.openPanel', () => {
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (!folder) { vscode.window.showErrorMessage('E2E Smoke: no workspace folder'); return; }
    const root = folder.uri.fsPath;
    fs.writeFileSync(path.join(root, '${SMOKE_OUTPUT_FILE}'), 'opened ' + new Date().toISOString() + '\n');
    const panel = vscode.window.createWebviewPanel('e2eSmoke', 'E2E Smoke', vscode.ViewColumn.One, { enableScripts: true, localResourceRoots: [] });
    const nonce = crypto.randomBytes(16).toString('base64');
    const label = process.env.${SMOKE_TEXT_ENV} || '(${SMOKE_TEXT_ENV} unset)';
    panel.webview.html = '<!DOCTYPE html><html><head><meta charset="utf-8">'
      + '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'nonce-' + nonce + '\'; script-src \'nonce-' + nonce + '\';">'
      + '<style nonce="' + nonce + '">body{font-family:sans-serif;padding:2em} button{font-size:1.4em;padding:.4em 1em}</style>'
      + '</head><body><h1>E2E smoke panel</h1><button id="smoke-button"></button><p id="status">waiting</p>'
      + '<script nonce="' + nonce + '">'
      + 'const vscode = acquireVsCodeApi();'
      + 'const button = document.getElementById("smoke-button");'
      + 'button.textContent = ' + JSON.stringify(label).replace(/</g, '\\u003c') + ';'
      + 'button.addEventListener("click", () => { document.getElementById("status").textContent = "clicked"; vscode.postMessage({ type: "clicked" }); });'
      + 'window.addEventListener("message", (e) => { if (e.data && e.data.type === "ack") document.getElementById("status").textContent = "acknowledged by host"; });'
      + '</script></body></html>';
    panel.webview.onDidReceiveMessage((message) => {
      if (message && message.type === 'clicked') {
        fs.writeFileSync(path.join(root, '${SMOKE_CLICKED_FILE}'), 'clicked ' + new Date().toISOString() + '\n');
        panel.webview.postMessage({ type: 'ack' });
      }
    }, undefined, context.subscriptions);
  }));
  context.subscriptions.push(vscode.commands.registerCommand('e2eSmoke.ask', async () => {
    const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
    if (!folder) { vscode.window.showErrorMessage('E2E Smoke: no workspace folder'); return; }
    const pick = await vscode.window.showQuickPick(${JSON.stringify(SMOKE_PICKS)}, { placeHolder: 'Pick one', ignoreFocusOut: true });
    const text = await vscode.window.showInputBox({ prompt: 'Type something', ignoreFocusOut: true });
    fs.writeFileSync(path.join(folder.uri.fsPath, '${SMOKE_ANSWERS_FILE}'), JSON.stringify({ pick, text }) + '\n');
    vscode.window.showInformationMessage('E2E Smoke answers: ' + pick + ' / ' + text);
  }));
}

function deactivate() {}

module.exports = { activate, deactivate };
`;

/** Writes the extension's sources into `dir` (package.json, extension.js, README.md) and returns `dir`. */
export function writeSmokeExtension(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'extension.js'), extensionJs);
  writeFileSync(join(dir, 'README.md'), '# E2E Smoke\n\nWritten by e2e/smoke/smokeExtension.ts for the harness smoke test.\n');
  return dir;
}
