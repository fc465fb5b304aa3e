import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { init } from './fixtures';
import { type Mounted, mount, textOf } from './harness';

let m: Mounted | undefined;
afterEach(() => m?.unmount());

test('before a name is given the header says it will be asked, not "as root"; then it shows the name', async () => {
  m = await mount();
  m.deliver(init({ annotator: '' }));
  assert.equal(textOf(m.$('.run-who')), 'annotating: your name is asked at your first decision');
  m.deliver(init({ annotator: 'Aiko Tanaka' }));
  assert.equal(textOf(m.$('.run-who')), 'annotating as Aiko Tanaka');
});
