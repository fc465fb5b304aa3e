// Seeded random fault injection. The draw depends on (seed, body hash, attempt), not on arrival order, so
// concurrent clients see the same faults for the same requests on every run.
import { unitFrom } from './rng';
import type { FaultReply, PostRequestInfo, RandomFaults } from './types';

/** Retry-After in integer seconds (rounded up) plus retry-after-ms, as OpenAI sends them. */
export function retryAfterHeaders(seconds: number): Record<string, string> {
  return {
    'retry-after': String(Math.ceil(seconds)),
    'retry-after-ms': String(Math.round(seconds * 1000)),
  };
}

/** The fault a request draws, or undefined. */
export function drawRandomFault(faults: RandomFaults, req: PostRequestInfo): FaultReply | undefined {
  const u = unitFrom(faults.seed, req.kind, req.bodyHash, String(req.attempt));
  let edge = 0;
  const hit = (rate: number | undefined): boolean => {
    edge += rate ?? 0;
    return u < edge;
  };
  if (hit(faults.rate429)) {
    const retryAfter = faults.retryAfterSeconds === undefined ? 1 : faults.retryAfterSeconds;
    return { fault: 'status', status: 429, headers: retryAfter === null ? {} : retryAfterHeaders(retryAfter) };
  }
  if (hit(faults.rate500)) return { fault: 'status', status: 500 };
  if (hit(faults.rateDrop)) return { fault: 'drop' };
  if (hit(faults.rateMalformed)) return { fault: 'malformed' };
  if (hit(faults.rateEmptyChoices)) return { fault: 'empty-choices' };
  if (faults.contentFilterWhen?.(req) === true) return { fault: 'content-filter' };
  return undefined;
}
