import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { userCacheDir } from '../../data/cacheDir';
import { UserError } from '../../util/errors';
import { downloadHubModel } from './hubDownload';
import { MODEL_FILES, missingModelFile, modelFilePath } from './modelFolder';

/** A Hugging Face hub id: owner/name. */
const HUB_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface ModelLocation {
  /** What the user named: a hub id or a folder as given. */
  readonly id: string;
  /** The folder used, absolute. */
  readonly dir: string;
}

/** Where the models named by hub id live: <cache>/models/<owner>/<name>. */
export function hubModelDir(id: string, env: NodeJS.ProcessEnv): string {
  return join(userCacheDir(env), 'models', ...id.split('/'));
}

/**
 * A folder given by path (relative to cwd), or a hub id: its folder in the cache, downloaded there and
 * verified when absent (HF_ENDPOINT names a mirror); offline, the error names the folder to provide.
 */
export async function locateModel(spec: string, cwd: string, env: NodeJS.ProcessEnv, what: string): Promise<ModelLocation> {
  const given = givenFolder(spec, cwd, what);
  if (given !== null) return { id: spec, dir: given };
  const dir = hubModelDir(spec, env);
  if (!existsSync(dir)) await downloadHubModel(spec, dir, env, what);
  const missing = missingModelFile(dir);
  if (missing !== null) {
    throw new UserError(
      `${what}: model ${spec} is incomplete in ${dir} (${modelFilePath(dir, missing)} is missing); put the folder there (${MODEL_FILES.join(', ')}; docs/metrics.md: BERTScore and BLEURT) or name a folder`,
    );
  }
  return { id: spec, dir };
}

/** The folder a spec names as a path; null for a hub id; a refusal for a path that is no folder. */
function givenFolder(spec: string, cwd: string, what: string): string | null {
  const asPath = isAbsolute(spec) ? spec : resolve(cwd, spec);
  if (existsSync(asPath) && statSync(asPath).isDirectory()) return asPath;
  if (!HUB_ID.test(spec) || spec.startsWith('.')) throw new UserError(`${asPath}: no such model folder (${what})`);
  return null;
}

/** Where a model's folder is now, downloading nothing: null for a hub id not in the cache yet (a run downloads it). */
export function presentModelDir(spec: string, cwd: string, env: NodeJS.ProcessEnv, what: string): string | null {
  const dir = givenFolder(spec, cwd, what) ?? hubModelDir(spec, env);
  return existsSync(dir) ? dir : null;
}
