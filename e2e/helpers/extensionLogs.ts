// Reads code-server's logs (the extension host's and the extension's own output channel) as entries, to
// find errors the extension caused: "2026-12-01 19:00:00.123 [error] message" plus its continuation lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface LogEntry {
  /** The log file, relative to the logs folder. */
  file: string;
  level: string;
  text: string;
}

const ENTRY_START = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} \[(\w+)\]/;

function logFiles(logsDir: string): string[] {
  if (!existsSync(logsDir)) return [];
  return readdirSync(logsDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.log'))
    .map((d) => join(d.parentPath, d.name));
}

function entriesOf(path: string, logsDir: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const start = ENTRY_START.exec(line);
    const last = entries.at(-1);
    if (start !== null) entries.push({ file: relative(logsDir, path), level: start[1] ?? '', text: line });
    else if (last !== undefined && line.trim() !== '') last.text += `\n${line}`;
  }
  return entries;
}

/** The logs folder of a code-server started by startCodeServer (its `dir`). */
export function codeServerLogsDir(serverDir: string): string {
  return join(serverDir, 'user-data', 'logs');
}

/** Every entry of every log file of code-server (server, extension hosts, output channels). */
export function logEntries(serverDir: string): LogEntry[] {
  const logsDir = codeServerLogsDir(serverDir);
  return logFiles(logsDir).flatMap((path) => entriesOf(path, logsDir));
}

/**
 * Errors the extension is involved in: any error or warning in its own output channel's log, any error
 * entry that names it (its id, its install folder, its settings) anywhere, and VS Code's
 * PendingMigrationError (a deprecated global read by bundled code) whoever logged it.
 */
export function extensionErrors(entries: readonly LogEntry[], extensionId: string): LogEntry[] {
  const [publisher = '', name = ''] = extensionId.split('.');
  const mentions = [extensionId, `${publisher}.${name}-`, 'evalAdjudicator', 'PendingMigrationError', 'navigator is now a global'];
  return entries.filter((entry) => {
    const ownChannel = entry.file.includes(extensionId);
    if (ownChannel) return entry.level === 'error' || entry.level === 'warning';
    return (entry.level === 'error' || /PendingMigrationError/.test(entry.text)) && mentions.some((m) => entry.text.includes(m));
  });
}

/** Whether the extension host has logged the extension's activation. */
export function activated(entries: readonly LogEntry[], extensionId: string): boolean {
  return entries.some((entry) => entry.text.includes(`_doActivateExtension ${extensionId}`));
}
