import { type Turn } from '../foreignInputs';
import { type InspectMessage, type InspectSample } from './inspectLog';

const ATTACHMENT = /attachment:\/\/([0-9a-f]{32})/g;

/** Texts of a sample may point into its attachments (`attachment://<md5>`): put the texts back. */
export function resolveAttachments(text: string, attachments: Readonly<Record<string, string>> | undefined): string {
  if (attachments === undefined || !text.includes('attachment://')) return text;
  return text.replace(ATTACHMENT, (whole, hash: string) => attachments[hash] ?? whole);
}

function partText(part: Record<string, unknown>): string {
  const type = part['type'];
  if (type === 'text' && typeof part['text'] === 'string') return part['text'];
  if (type === 'reasoning' && typeof part['reasoning'] === 'string') return `[reasoning] ${part['reasoning']}`;
  if (typeof type === 'string') return `[${type}]`;
  return '';
}

function toolCalls(message: InspectMessage): string[] {
  const calls = message['tool_calls'];
  if (!Array.isArray(calls)) return [];
  return calls.map((call: unknown) => {
    const c = call as { function?: unknown; arguments?: unknown };
    return `[tool call] ${typeof c.function === 'string' ? c.function : '?'}(${JSON.stringify(c.arguments ?? {})})`;
  });
}

/** A message's content as text: its text parts, other parts named ([image], [reasoning] …), tool calls listed. */
export function messageText(message: InspectMessage, attachments?: Readonly<Record<string, string>>): string {
  const content =
    typeof message.content === 'string'
      ? message.content
      : message.content
          .map((p) => partText(p))
          .filter((t) => t !== '')
          .join('\n');
  return resolveAttachments([content, ...toolCalls(message)].filter((t) => t !== '').join('\n'), attachments);
}

function turn(message: InspectMessage, attachments?: Readonly<Record<string, string>>): Turn {
  const fn = message['function'];
  return { role: message.role === 'tool' && typeof fn === 'string' ? `tool ${fn}` : message.role, text: messageText(message, attachments) };
}

/**
 * The sample's conversation and the model's output. The conversation is the sample's messages up to its
 * final assistant message (or its input when it has no messages); the output is output.completion, else
 * that final assistant message.
 */
export function conversationOf(sample: InspectSample): { conversation: Turn[]; output: string | null } {
  const attachments = sample.attachments;
  const messages = sample.messages ?? [];
  let last = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]?.role === 'assistant') {
      last = i;
      break;
    }
  }
  const before = last === -1 ? messages : messages.slice(0, last);
  const conversation =
    before.length > 0
      ? before.map((m) => turn(m, attachments))
      : typeof sample.input === 'string'
        ? [{ role: 'user', text: resolveAttachments(sample.input, attachments) }]
        : sample.input.map((m) => turn(m, attachments));
  const finalMessage = last === -1 ? undefined : messages[last];
  const completion = sample.output?.completion;
  const output =
    completion !== undefined && completion !== ''
      ? resolveAttachments(completion, attachments)
      : finalMessage !== undefined
        ? messageText(finalMessage, attachments)
        : (completion ?? null);
  return { conversation, output };
}
