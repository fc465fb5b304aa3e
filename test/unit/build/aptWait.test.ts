import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// e2e/setup.sh installs Debian packages through e2e/aptWait.sh's apt_get: when another apt holds a lock it
// says so and waits instead of stopping with "Could not get lock". Real apt-get, on a scratch dpkg admin
// folder and lists folder (so the machine's own locks are never touched), the lock held with fcntl as
// apt and dpkg hold it.
const APT_WAIT = resolve('e2e/aptWait.sh');
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
const hasPython = spawnSync('python3', ['--version'], { stdio: 'ignore' }).status === 0;
const isRoot = process.getuid?.() === 0;
const skip = !hasApt || !hasPython || !isRoot ? 'needs apt-get, python3 and root (apt-get refuses to lock otherwise)' : false;

function scratchApt(): { dir: string; options: string[]; dpkgLock: string; listsLock: string } {
  const dir = mkdtempSync(join(tmpdir(), 'apt-wait-'));
  mkdirSync(join(dir, 'dpkg'));
  mkdirSync(join(dir, 'lists', 'partial'), { recursive: true });
  mkdirSync(join(dir, 'sources.list.d'));
  writeFileSync(join(dir, 'dpkg', 'status'), '');
  writeFileSync(join(dir, 'sources.list'), '');
  const options = [
    '-o',
    `Dir::State::status=${join(dir, 'dpkg', 'status')}`,
    '-o',
    `Dir::State::Lists=${join(dir, 'lists')}`,
    '-o',
    `Dir::Etc::sourcelist=${join(dir, 'sources.list')}`,
    '-o',
    `Dir::Etc::sourceparts=${join(dir, 'sources.list.d')}`,
  ];
  return { dir, options, dpkgLock: join(dir, 'dpkg', 'lock-frontend'), listsLock: join(dir, 'lists', 'lock') };
}

/** Holds `path` locked (fcntl, as apt does) for `ms`; resolves once the lock is taken. */
function holdLock(path: string, ms: number): Promise<void> {
  const script = `import fcntl, sys, time\nf = open(sys.argv[1], 'w')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(float(sys.argv[2]))\n`;
  const child = spawn('python3', ['-c', script, path, String(ms / 1000)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveLocked, reject) => {
    child.stdout.once('data', () => resolveLocked());
    child.once('error', reject);
  });
}

function aptGet(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn('bash', ['-c', `source "${APT_WAIT}"; apt_get -- "$@"`, 'apt-wait', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveDone) => child.on('close', (status) => resolveDone({ status, stderr, ms: Date.now() - started })));
}

test('apt_get waits for a held dpkg lock, saying so, and goes on when it is released', { skip }, async () => {
  const apt = scratchApt();
  try {
    await holdLock(apt.dpkgLock, 2_500);
    const result = await aptGet([...apt.options, 'check']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, new RegExp(`another apt or dpkg is running \\(${apt.dpkgLock}.*python3.*\\): waiting up to \\d+ s`));
    assert.match(result.stderr, /the lock is free: going on/);
    assert.ok(result.ms >= 1_500, `returned after ${result.ms} ms, before the lock was released`);
  } finally {
    rmSync(apt.dir, { recursive: true, force: true });
  }
});

test('apt_get retries update while the lists lock is held (DPkg::Lock::Timeout does not cover it)', { skip }, async () => {
  const apt = scratchApt();
  try {
    await holdLock(apt.listsLock, 2_500);
    const result = await aptGet([...apt.options, 'update']);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, new RegExp(`another apt or dpkg is running \\(${apt.listsLock}`));
    assert.match(result.stderr, /the lock is free: going on/);
    assert.ok(result.ms >= 1_500, `returned after ${result.ms} ms, before the lock was released`);
  } finally {
    rmSync(apt.dir, { recursive: true, force: true });
  }
});

test("apt_get gives up after APT_LOCK_TIMEOUT with apt's error and a line saying what to do", { skip }, async () => {
  const apt = scratchApt();
  try {
    await holdLock(apt.dpkgLock, 6_000);
    const result = await aptGet([...apt.options, 'check'], { APT_LOCK_TIMEOUT: '2' });
    assert.notEqual(result.status, 0);
    assert.match(result.stderr, /Could not get lock/);
    assert.match(result.stderr, /the apt lock was still held after 2 s: run it again once the other apt has finished/);
    assert.ok(result.ms < 5_500, `took ${result.ms} ms with a 2 s timeout`);
  } finally {
    rmSync(apt.dir, { recursive: true, force: true });
  }
});

test('setup.sh runs apt-get update and install only through apt_get', () => {
  const setup = readFileSync(resolve('e2e/setup.sh'), 'utf8');
  assert.deepEqual(setup.match(/^\s*apt_get .*-- (update|install)\b/gm)?.length, 2);
  assert.doesNotMatch(setup, /^\s*(\$SUDO )?apt-get (update|install)/m, 'a bare apt-get stops at once on a held lock');
});
