// Set API Key… and Start Run… ask the base URL the same way and remember it in the same place: the URL just
// given with a key is the one Start Run's base URL step then offers (issue 29 #11), for Azure too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { registeredBenchmarks } from '../../../src/core/benchmarks/registry';
import { askApiKey } from '../../../src/core/startRun/apiKeyQuestions';
import { chooseBenchmarkAndPlan } from '../../../src/core/startRun/startRunWizard';
import { CANCEL, KEEP, scriptedUi } from '../../helpers/scriptedStartRunUi';

test('the base URL given in Set API Key is what Start Run offers next, and its key is the run’s', async () => {
  const url = 'http://10.20.30.40:9000/v1';
  const earlier = { 'lastBaseUrl.openai-compatible': 'http://127.0.0.1:8000/v1', lastModel: 'qwen', lastJudge: 'judge' };
  const setKey = scriptedUi(['OpenAI-compatible base URL', ` ${url} `, ' sk-server '], { remembered: earlier });
  const answer = await askApiKey(setKey);
  assert.deepEqual(answer, { endpoint: { provider: 'openai-compatible', baseUrl: url }, key: 'sk-server' });
  assert.deepEqual(
    setKey.shown.map((s) => s.title),
    ['Set API Key: provider', 'Base URL', 'API key for 10.20.30.40:9000'],
  );
  // What the command does with the answer: the key into secret storage.
  await setKey.storeKey(answer.endpoint, answer.key);

  const start = scriptedUi(['YokaiEval', 'OpenAI-compatible base URL', KEEP, KEEP, "On the model's endpoint", KEEP, 'First 10 items'], {
    remembered: Object.fromEntries(setKey.memory),
    keys: Object.fromEntries(setKey.keys),
  });
  const chosen = await chooseBenchmarkAndPlan(start, registeredBenchmarks());
  assert.deepEqual(start.shown[2], { kind: 'input', title: 'Base URL', value: url, emptyProblem: 'Not a URL' });
  assert.equal(chosen?.plan.kind, 'endpoint');
  assert.deepEqual(chosen.plan.kind === 'endpoint' ? chosen.plan.endpoint : undefined, { provider: 'openai-compatible', baseUrl: url });
  assert.equal(chosen.apiKey, 'sk-server');
});

test('Azure: Set API Key offers the endpoint Start Run last used and remembers the new one for it', async () => {
  const setKey = scriptedUi(['Azure OpenAI', 'https://team.openai.azure.com', 'az-key'], {
    remembered: { 'lastBaseUrl.azure': 'https://old.openai.azure.com' },
  });
  const answer = await askApiKey(setKey);
  assert.deepEqual(setKey.shown[1], {
    kind: 'input',
    title: 'Azure OpenAI endpoint',
    value: 'https://old.openai.azure.com',
    emptyProblem: 'Not a URL',
  });
  assert.equal(answer?.endpoint.provider, 'azure');
  assert.equal(setKey.memory.get('lastBaseUrl.azure'), 'https://team.openai.azure.com');
});

test('an empty key is an answer (the command removes the stored key); Escape is none and remembers nothing new', async () => {
  const removing = scriptedUi(['OpenAI', '']);
  assert.deepEqual(await askApiKey(removing), { endpoint: { provider: 'openai', baseUrl: 'https://api.openai.com/v1' }, key: '' });
  assert.deepEqual(
    removing.shown.map((s) => s.title),
    ['Set API Key: provider', 'API key for api.openai.com'],
  );
  const cancelled = scriptedUi(['OpenAI-compatible base URL', CANCEL]);
  assert.equal(await askApiKey(cancelled), undefined);
  assert.equal(cancelled.memory.size, 0);
});
