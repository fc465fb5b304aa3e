import { sha256Hex } from '../util/hash';
import { type ResultLine } from '../runs/resultLine';
import { type Basis } from './event';

/**
 * What a decision was made on: hashes of the item (its hash is of the item's canonical JSON), the
 * response and the judge's reply. A later result with other texts makes the decision stale.
 */
export function basisOf(line: Pick<ResultLine, 'itemHash' | 'response' | 'judgeReply'>): Basis {
  return { item: line.itemHash, response: sha256Hex(line.response ?? ''), judgeReply: sha256Hex(line.judgeReply ?? '') };
}

export function sameBasis(a: Basis, b: Basis): boolean {
  return a.item === b.item && a.response === b.response && a.judgeReply === b.judgeReply;
}
