import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { scratchDir } from '../../helpers/scratch';

// Issue 36 #11: the first `npm start` (scripts/start.mjs runs e2e/setup.sh) printed nothing for minutes while it
// set up code-server. Each phase now says when it starts, with what it is likely to take, and when it ends, with
// its seconds; a long one says it is still going (e2e/setupProgress.sh).
const SETUP = resolve('e2e/setup.sh');
const PROGRESS = resolve('e2e/setupProgress.sh');

const START = /^\[e2e setup\] (.+): started \((.+)\)$/;
const DONE = /^\[e2e setup\] (.+): done in (\d+) s$/;

test("setup.sh --dry-run prints a first set-up's phases, each as it starts (with an estimate) and ends (with its seconds)", () => {
  // Checked first: without it an older setup.sh would ignore --dry-run and install for minutes.
  assert.ok(existsSync(PROGRESS), `${PROGRESS} is missing`);
  const result = spawnSync('bash', [SETUP, '--dry-run'], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.split('\n').filter((l) => l !== '');
  const started = lines.flatMap((l, at) => (START.exec(l) === null ? [] : [{ title: START.exec(l)?.[1] ?? '', at }]));
  const titles = started.map((s) => s.title);
  for (const phase of [
    /^apt-get update$/,
    /^apt-get install .*chromium.*fonts-ipafont-gothic/,
    /^npm ci in e2e\//,
    /^rebuild under Node 24$/,
  ])
    assert.ok(
      titles.some((t) => phase.test(t)),
      `no phase ${String(phase)} in:\n${result.stdout}`,
    );
  for (const { title, at } of started) {
    const end = lines.findIndex((l, i) => i > at && DONE.exec(l)?.[1] === title);
    assert.ok(end > at, `"${title}" started and never said it was done:\n${result.stdout}`);
  }
  const estimate = lines.findIndex((l) => /first set-up of code-server.*about 5-7 minutes on 2 idle cores.*later starts reuse it/.test(l));
  const rebuild = lines.findIndex((l) =>
    /^\[e2e setup\] rebuild under Node 24: started \(.*code-server's native modules compile: the long one, about \d+-\d+ minutes/.test(l),
  );
  assert.ok(estimate >= 0 && rebuild > estimate, `the time a first set-up takes is said before its long phase:\n${result.stdout}`);
});

test('a phase that runs says it is still going while it does, then how long it took; a failing one says so and fails', () => {
  assert.ok(existsSync(PROGRESS), `${PROGRESS} is missing`);
  const out = join(scratchDir('setup-progress'), 'out.txt');
  // The phase's command ends only once the ticker has said "still going": no race with the clock.
  const script = `source "$1"; phase "waiting" "a second or two" bash -c 'until grep -q "waiting: still going" "$0"; do sleep 0.1; done' "$2"`;
  const ran = spawnSync('bash', ['-c', `${script} >"$2"`, '_', PROGRESS, out], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SETUP_PROGRESS_EVERY: '1' },
  });
  assert.equal(ran.status, 0, ran.stderr);
  const lines = readFileSync(out, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  assert.equal(lines[0], '[e2e setup] waiting: started (a second or two)');
  assert.match(lines[1] ?? '', /^\[e2e setup\] {3}waiting: still going, \d+ s so far$/);
  const done = DONE.exec(lines.at(-1) ?? '');
  assert.equal(done?.[1], 'waiting', lines.join('\n'));
  assert.ok(Number(done?.[2]) >= 1, 'a phase that saw a tick took at least one second');

  const failed = spawnSync('bash', ['-c', 'source "$1"; phase "broken" "" false', '_', PROGRESS], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(failed.status, 1);
  assert.match(failed.stdout, /^\[e2e setup\] broken: started\n\[e2e setup\] broken: failed after \d+ s\n$/);
});
