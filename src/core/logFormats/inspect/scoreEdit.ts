import { randomBytes } from 'node:crypto';

/** Who made an edit and why: Inspect's ProvenanceData (log/_edit.py). */
export interface Provenance {
  readonly timestamp: string;
  readonly author: string;
  readonly reason: string | null;
  readonly metadata: Record<string, unknown>;
}

type RawScore = Record<string, unknown> & { value?: unknown; history?: unknown };

const SHORTUUID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** An id like Inspect's events' (shortuuid: 22 characters of its 57-letter alphabet). */
export function shortUuid(): string {
  return [...randomBytes(22)].map((b) => SHORTUUID_ALPHABET[b % SHORTUUID_ALPHABET.length] ?? '2').join('');
}

/**
 * edit_score (log/_score.py) on a sample's raw JSON: the original kept as the first history entry
 * (provenance null) when the score has no history yet, the value set, the ScoreEdit appended (answer,
 * explanation and metadata "UNCHANGED"), and a score_edit event put before the end of the last scorers span
 * (at the end when the sample has none). Returns the edited score.
 */
export function editScore(sample: Record<string, unknown>, scoreName: string, value: unknown, provenance: Provenance): RawScore {
  const scores = sample['scores'] as Record<string, RawScore>;
  const score = scores[scoreName];
  if (score === undefined) throw new Error(`sample has no score ${scoreName}`);
  const history = Array.isArray(score.history) ? (score.history as unknown[]) : [];
  if (history.length === 0) {
    history.push({
      value: score.value,
      answer: score['answer'] ?? null,
      explanation: score['explanation'] ?? null,
      metadata: score['metadata'] ?? {},
      provenance: null,
    });
  }
  const edit = { value, answer: 'UNCHANGED', explanation: 'UNCHANGED', metadata: 'UNCHANGED', provenance };
  history.push(edit);
  score.value = value;
  score.history = history;
  insertEditEvent(sample, scoreName, edit, provenance.timestamp);
  return score;
}

function insertEditEvent(sample: Record<string, unknown>, scoreName: string, edit: unknown, timestamp: string): void {
  const events = sample['events'];
  if (!Array.isArray(events)) return;
  const list = events as Record<string, unknown>[];
  let spanId: string | null = null;
  for (const event of list)
    if (event['event'] === 'span_begin' && event['type'] === 'scorers' && event['name'] === 'scorers' && typeof event['id'] === 'string')
      spanId = event['id'];
  let at = list.length;
  if (spanId !== null) {
    for (let i = list.length - 1; i >= 0; i -= 1) {
      if (list[i]?.['event'] === 'span_end' && list[i]?.['id'] === spanId) {
        at = i;
        break;
      }
    }
  }
  list.splice(at, 0, {
    uuid: shortUuid(),
    span_id: spanId,
    timestamp,
    working_start: 0,
    metadata: null,
    pending: null,
    event: 'score_edit',
    score_name: scoreName,
    edit,
  });
}
