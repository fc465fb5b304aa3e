// `npm start` without desktop VS Code: the packaged extension in a local code-server on 127.0.0.1.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT, packageVsix, scratchDir, startCodeServer } from './lib';

const workspaceDir = resolve(process.argv[2] ?? join(REPO_ROOT, 'workspace'));
mkdirSync(workspaceDir, { recursive: true });
const vsixPath = await packageVsix({ extensionDir: REPO_ROOT, outFile: join(scratchDir('start'), 'eval-adjudicator.vsix') });
const passThrough = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && /^(EVAL_ADJUDICATOR_|OPENAI_|AZURE_OPENAI_)/.test(entry[0])),
);
const server = await startCodeServer({ vsixPath, workspaceDir, env: passThrough, idleTimeoutSeconds: 0 });
console.log(`Eval Adjudicator in code-server: ${server.url}/?folder=${encodeURIComponent(workspaceDir)}`);
console.log('Ctrl-C stops it.');
// Ctrl-C signals the whole process group and `npm start` forwards it too: stop once, exit when code-server is gone.
let stopping: Promise<void> | undefined;
const stop = (): void => {
  stopping ??= server.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
