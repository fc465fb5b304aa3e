import { type RunSession } from '../../core/runs/runSession';
import { type CliIo } from '../../core/commandLine/io';

const SHOWN = 2;

/** Prints the first rendered prompts, the request count and a token estimate to stdout; sends nothing. */
export function printDryRun(session: RunSession, io: CliIo): void {
  const preview = session.preview(SHOWN);
  const out: string[] = [];
  for (const { itemId, requests } of preview.first) {
    for (const request of requests) {
      out.push(`=== item ${itemId}: ${request.label} request (${request.model}) ===`);
      for (const message of request.messages) out.push(`--- ${message.role} ---`, message.content);
    }
  }
  out.push(
    '=== totals ===',
    `items: ${session.tasks.size}`,
    `requests: ${preview.requestCount}`,
    `prompt tokens (estimate): ${preview.promptTokenEstimate}`,
    `completion tokens (at most): ${preview.maxCompletionTokens}`,
    ...preview.notes.map((note) => `note: ${note}`),
    'dry run: nothing was sent',
  );
  io.stdout(`${out.join('\n')}\n`);
}
