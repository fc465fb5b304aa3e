import { homedir } from 'node:os';
import { join } from 'node:path';

/** The per-user cache directory of the tool: XDG_CACHE_HOME honoured on Linux. */
export function userCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env['EVAL_ADJUDICATOR_CACHE'];
  if (override !== undefined && override !== '') return override;
  if (process.platform === 'win32') {
    return join(env['LOCALAPPDATA'] ?? join(homedir(), 'AppData', 'Local'), 'eval-adjudicator', 'Cache');
  }
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'eval-adjudicator');
  const xdg = env['XDG_CACHE_HOME'];
  return join(xdg !== undefined && xdg !== '' ? xdg : join(homedir(), '.cache'), 'eval-adjudicator');
}
