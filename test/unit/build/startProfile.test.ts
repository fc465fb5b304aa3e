import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  START_PORT_VARIABLE,
  chooseStartPort,
  defaultStartPort,
  initialSettingsText,
  settleStartPort,
  startProfileLayout,
} from '../../../e2e/lib/startProfile';

// `npm start` (code-server) must find the same profile and serve the same origin at every start: code-server
// keeps settings in the profile, but globalState and SecretStorage in the browser, per http://127.0.0.1:PORT.
const checkout = '/home/someone/eval-adjudicator';

test('the profile is one fixed folder of the checkout, holding the user-data-dir and the remembered port', () => {
  const first = startProfileLayout(checkout);
  assert.deepEqual(startProfileLayout(`${checkout}/`), first);
  assert.equal(first.dir, join(checkout, '.code-server-profile'));
  assert.equal(first.userDataDir, join(first.dir, 'user-data'));
  assert.equal(first.settingsFile, join(first.dir, 'user-data', 'User', 'settings.json'));
  assert.equal(first.extensionsDir, join(first.dir, 'extensions'));
  assert.equal(first.portFile, join(first.dir, 'port'));
});

test('the default port depends on the checkout only, and differs between checkouts', () => {
  const port = defaultStartPort(checkout);
  assert.equal(defaultStartPort(`${checkout}/`), port);
  assert.ok(port >= 21_000 && port < 29_000, String(port));
  const others = ['/work/wt/h1', '/work/wt/h2', '/work/main', '/tmp/x'].map(defaultStartPort);
  assert.equal(new Set([port, ...others]).size, 5);
});

test('the port: the variable, else the remembered one, else the default', () => {
  assert.deepEqual(chooseStartPort({ requested: '8123', remembered: '24000\n', checkoutDir: checkout }), {
    port: 8123,
    source: 'environment',
  });
  assert.deepEqual(chooseStartPort({ requested: undefined, remembered: '24000\n', checkoutDir: checkout }), {
    port: 24_000,
    source: 'profile',
  });
  assert.deepEqual(chooseStartPort({ requested: '', remembered: undefined, checkoutDir: checkout }), {
    port: defaultStartPort(checkout),
    source: 'default',
  });
  assert.deepEqual(chooseStartPort({ requested: undefined, remembered: 'garbage', checkoutDir: checkout }), {
    port: defaultStartPort(checkout),
    source: 'default',
  });
  assert.deepEqual(chooseStartPort({ requested: undefined, remembered: '70000', checkoutDir: checkout }).source, 'default');
});

test('a malformed port variable is an error that names it', () => {
  for (const bad of ['abc', '0', '65536', '80.5', '-1']) {
    assert.throws(
      () => chooseStartPort({ requested: bad, remembered: undefined, checkoutDir: checkout }),
      new RegExp(`${START_PORT_VARIABLE}=${bad.replace('.', '\\.')} is not a port`),
    );
  }
});

test('a free port is used, and remembered unless it came from the profile', () => {
  assert.deepEqual(settleStartPort({ port: 22_000, source: 'default' }, false, 1), { port: 22_000, remember: true });
  assert.deepEqual(settleStartPort({ port: 22_000, source: 'environment' }, false, 1), { port: 22_000, remember: true });
  assert.deepEqual(settleStartPort({ port: 22_000, source: 'profile' }, false, 1), { port: 22_000, remember: false });
});

test('a taken default port gives way to a spare one; a taken remembered or requested port stops the start', () => {
  assert.deepEqual(settleStartPort({ port: 22_000, source: 'default' }, true, 40_001), { port: 40_001, remember: true });
  for (const source of ['profile', 'environment'] as const) {
    const settled = settleStartPort({ port: 22_000, source }, true, 40_001);
    assert.ok('problem' in settled, JSON.stringify(settled));
    assert.match(settled.problem, /port 22000 .* is taken/);
    assert.match(settled.problem, new RegExp(`${START_PORT_VARIABLE}=<free port>`));
  }
});

test("settings are written only into a profile that has none, so the user's stay", () => {
  const defaults = { 'workbench.startupEditor': 'none' };
  assert.deepEqual(JSON.parse(initialSettingsText(undefined, defaults) ?? ''), defaults);
  assert.equal(initialSettingsText('{ "evalAdjudicator.annotatorName": "Aiko" }', defaults), undefined);
  assert.equal(initialSettingsText('', defaults), undefined);
});
