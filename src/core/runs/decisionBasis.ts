import { sha256Hex } from '../util/hash';
import { type ResultLine } from './resultLine';

/** The three hashes a decision records as its basis (adjudications.jsonl's `basis`). */
export interface Basis {
  readonly item: string;
  readonly response: string;
  readonly judgeReply: string;
}

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

export const BASIS_DIGEST_BYTES = 16;

/**
 * A decision's basis in 128 bits (the first half of the SHA-256 of its three hashes): what results.index
 * keeps per item, so that a stale check compares digests instead of reading and hashing the item's line.
 */
export function basisDigest(basis: Basis): string {
  return sha256Hex(`${basis.item}\n${basis.response}\n${basis.judgeReply}`).slice(0, BASIS_DIGEST_BYTES * 2);
}

/** The digest of a result line's basis. */
export function lineBasisDigest(line: Pick<ResultLine, 'itemHash' | 'response' | 'judgeReply'>): string {
  return basisDigest(basisOf(line));
}
