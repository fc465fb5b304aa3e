// Issue 29, item 10: the annotator name is never the login name taken silently. It is the setting, else
// EVAL_ADJUDICATOR_ANNOTATOR, else asked once at the first decision, and the answer is kept. Issue 36,
// item 11: git's user.name is the question's default value (Enter keeps it), as the help overlay says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AnnotatorIdentity, annotatorNameQuestion } from '../../../src/extension/annotatorIdentity';

test('the question holds git’s user.name as its default (Enter keeps it), else starts empty; an empty answer is refused', () => {
  const withGit = annotatorNameQuestion('Aiko Tanaka');
  assert.equal(withGit.value, 'Aiko Tanaka');
  assert.match(withGit.prompt ?? '', /git's user.name filled in: Enter keeps it/);
  const without = annotatorNameQuestion(undefined);
  assert.equal(without.value, '');
  assert.doesNotMatch(without.placeHolder ?? '', /root/);
  assert.equal(typeof withGit.validateInput?.('  '), 'string');
  assert.equal(withGit.validateInput?.('Ben'), undefined);
});

test('no setting and no EVAL_ADJUDICATOR_ANNOTATOR: empty at first, asked once at the first decision, then kept', async () => {
  let setting = '';
  const asked: (string | undefined)[] = [];
  const identity = new AnnotatorIdentity({
    configured: () => setting,
    env: { USER: 'root', LOGNAME: 'root' },
    gitName: () => 'Aiko Tanaka',
    ask: async (gitName) => {
      asked.push(gitName);
      await new Promise((resolve) => setTimeout(resolve, 5));
      setting = 'Ben Cruz';
      return 'Ben Cruz';
    },
  });
  assert.equal(identity.current(), '', 'not the login name, not git’s name');
  const [first, second] = await Promise.all([identity.confirm(), identity.confirm()]);
  assert.deepEqual([first, second], ['Ben Cruz', 'Ben Cruz']);
  assert.deepEqual(asked, ['Aiko Tanaka'], 'one question, git’s name as its default');
  assert.equal(await identity.confirm(), 'Ben Cruz');
  assert.equal(asked.length, 1, 'kept: not asked again');
  assert.equal(identity.current(), 'Ben Cruz');
});

test('a name in the setting or the environment is used without asking', async () => {
  const ask = (): Promise<string | null> => Promise.reject(new Error('must not ask'));
  const fromSetting = new AnnotatorIdentity({
    configured: () => ' Aiko ',
    env: { EVAL_ADJUDICATOR_ANNOTATOR: 'Env Name' },
    gitName: () => undefined,
    ask,
  });
  assert.equal(await fromSetting.confirm(), 'Aiko');
  const fromEnv = new AnnotatorIdentity({
    configured: () => '',
    env: { EVAL_ADJUDICATOR_ANNOTATOR: 'Env Name' },
    gitName: () => undefined,
    ask,
  });
  assert.equal(fromEnv.current(), 'Env Name');
  assert.equal(await fromEnv.confirm(), 'Env Name');
});

test('a declined question records under no name, and asks again next time', async () => {
  let asked = 0;
  const identity = new AnnotatorIdentity({
    configured: () => '',
    env: {},
    gitName: () => undefined,
    ask: () => Promise.resolve(asked++ === 0 ? null : 'Cy'),
  });
  assert.equal(await identity.confirm(), null);
  assert.equal(await identity.confirm(), 'Cy');
});
