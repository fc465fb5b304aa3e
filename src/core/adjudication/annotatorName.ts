import { execFileSync } from 'node:child_process';
import { userInfo } from 'node:os';

/** A name the user gave: EVAL_ADJUDICATOR_ANNOTATOR, else git's user.name; undefined when neither is set. */
export function namedAnnotator(env: NodeJS.ProcessEnv = process.env, cwd?: string): string | undefined {
  return annotatorFromEnv(env) ?? gitUserName(env, cwd);
}

/** EVAL_ADJUDICATOR_ANNOTATOR, when set. */
export function annotatorFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const fromEnv = env['EVAL_ADJUDICATOR_ANNOTATOR']?.trim();
  return fromEnv ? fromEnv : undefined;
}

/** git's user.name where `cwd` is (the extension offers it as a suggestion only). */
export function gitUserName(env: NodeJS.ProcessEnv = process.env, cwd?: string): string | undefined {
  try {
    const name = execFileSync('git', ['config', 'user.name'], {
      cwd,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    }).trim();
    if (name !== '') return name;
  } catch {
    // no git, or no user.name
  }
  return undefined;
}

/** The login name, the last resort (and the suggestion when the extension asks for a name). */
export function loginName(): string {
  try {
    return userInfo().username || 'annotator';
  } catch {
    return 'annotator';
  }
}

/** The default annotator: EVAL_ADJUDICATOR_ANNOTATOR, else git's user.name, else the login name. */
export function defaultAnnotatorName(env: NodeJS.ProcessEnv = process.env, cwd?: string): string {
  return namedAnnotator(env, cwd) ?? loginName();
}
