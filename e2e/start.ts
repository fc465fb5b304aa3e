// `npm start` without desktop VS Code: the packaged extension in a local code-server on 127.0.0.1, with the
// checkout's one profile (kept between starts) on the port remembered in it (see lib/startProfile.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  REPO_ROOT,
  START_PORT_VARIABLE,
  chooseStartPort,
  freePort,
  packageVsix,
  portIsFree,
  settleStartPort,
  startCodeServer,
  startProfileLayout,
  type StartProfileLayout,
} from './lib';

async function portOf(profile: StartProfileLayout): Promise<number> {
  const remembered = existsSync(profile.portFile) ? readFileSync(profile.portFile, 'utf8') : undefined;
  const choice = chooseStartPort({ requested: process.env[START_PORT_VARIABLE], remembered, checkoutDir: REPO_ROOT });
  const taken = !(await portIsFree(choice.port));
  const settled = settleStartPort(choice, taken, taken ? await freePort() : choice.port);
  if ('problem' in settled) throw new Error(settled.problem);
  if (settled.remember) writeFileSync(profile.portFile, `${settled.port}\n`);
  return settled.port;
}

const workspaceDir = resolve(process.argv[2] ?? join(REPO_ROOT, 'workspace'));
mkdirSync(workspaceDir, { recursive: true });
const profile = startProfileLayout(REPO_ROOT);
const fresh = !existsSync(profile.userDataDir);
mkdirSync(profile.dir, { recursive: true });
let port: number;
try {
  port = await portOf(profile);
} catch (err) {
  console.error(`npm start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
console.log(`code-server profile of this checkout${fresh ? ' (new)' : ''}: ${profile.dir}`);
console.log('  Settings (data folder, annotator name, model folders, threads, blind review) and the server half of the key');
console.log('  that seals stored API keys live there, kept between starts. To reset: stop npm start, then delete that folder.');
console.log(`  Port ${port}, kept in ${profile.portFile} (${START_PORT_VARIABLE}=N picks another): the browser keeps stored`);
console.log("  API keys and the extension's remembered answers per address, so the address stays the same between starts.");

const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(profile.dir, 'eval-adjudicator.vsix') });
const passThrough = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && /^(EVAL_ADJUDICATOR_|OPENAI_|AZURE_OPENAI_)/.test(entry[0]),
  ),
);
const server = await startCodeServer({ vsixPath, workspaceDir, env: passThrough, idleTimeoutSeconds: 0, profileDir: profile.dir, port });
console.log(`Eval Adjudicator in code-server: ${server.url}/?folder=${encodeURIComponent(workspaceDir)}`);
console.log('Ctrl-C stops it.');
// Ctrl-C signals the whole process group and `npm start` forwards it too: stop once, exit when code-server is gone.
let stopping: Promise<void> | undefined;
const stop = (): void => {
  stopping ??= server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
