import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';

/** The default annotator: EVAL_ADJUDICATOR_ANNOTATOR, else git's user.name, else the login name. */
export function defaultAnnotatorName(env: NodeJS.ProcessEnv = process.env, cwd?: string): string {
  const fromEnv = env['EVAL_ADJUDICATOR_ANNOTATOR']?.trim();
  if (fromEnv) return fromEnv;
  try {
    const name = execFileSync('git', ['config', 'user.name'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 2000 }).trim();
    if (name !== '') return name;
  } catch {
    // no git, or no user.name: fall through
  }
  try {
    return userInfo().username || 'annotator';
  } catch {
    return 'annotator';
  }
}
