// --hostile-responses: the scripted model and judge carry the XSS corpus in what they answer, so that an
// end-to-end test can show a run's review renders untrusted text as text.
import { XSS_PAYLOADS } from '../fixtures/xssPayloads';
import { fnv1a32 } from './rng';
import type { ChatScript } from './types';

const VERDICTS = new Set(['true', 'false', 'null']);

/**
 * The model's answer is the default answer followed by a payload chosen by the prompt; the judge's reply
 * is the default verdict, alone for half the items (so that verdicts stay true and false) and followed by
 * a payload for the others (an off-menu reply, so null).
 */
export const hostileScript: ChatScript = (req, fallback) => {
  const reply = fallback(req);
  if ('fault' in reply || reply.content === null) return reply;
  const hash = fnv1a32(req.userText);
  const payload = XSS_PAYLOADS[hash % XSS_PAYLOADS.length]?.payload ?? '<script>alert(1)</script>';
  if (VERDICTS.has(reply.content)) return (hash >>> 8) % 2 === 0 ? reply : { ...reply, content: `${reply.content} ${payload}` };
  return { ...reply, content: `${reply.content} ${payload}` };
};
