import { type ResponseCache } from '../model/responseCache';
import { type RunManifest } from './runManifest';

interface CacheChoice {
  readonly useCache: boolean;
  readonly cache: ResponseCache | undefined;
}

/**
 * The environment of a session that continues a run (resume, retry errors, a re-judge resumed): a run
 * recorded with `cache: false` (`--no-cache`) never takes an answer from the response cache, whatever the
 * settings or options of the session that continues it.
 */
export function withRecordedCache<E extends CacheChoice>(env: E, manifest: RunManifest): E {
  return manifest.options.cache ? env : { ...env, useCache: false, cache: undefined };
}
