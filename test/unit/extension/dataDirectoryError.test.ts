// In the extension, an official file that cannot be had names the Data Directory setting (not the CLI's
// --data) and offers to open that setting; the CLI keeps its own words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { YOKAIEVAL_MANIFEST } from '../../../src/core/benchmarks/yokaieval/manifest';
import { resolveSourceFile } from '../../../src/core/data/resolveSourceFile';
import { errorMessage } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';
import { answers, calls, installFakeVscode } from '../security/fakeVscode';
import type * as DataSources from '../../../src/extension/dataSources';

installFakeVscode();
const dataSources = (): Promise<typeof DataSources> => import('../../../src/extension/dataSources');

const offline = (): Promise<Uint8Array> => Promise.reject(new Error('getaddrinfo ENOTFOUND raw.githubusercontent.com'));

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('expected the file to be refused');
}

test('a download that fails names the Data Directory setting, and its button opens that setting', async () => {
  const { DATA_DIRECTORY_SETTING, OPEN_DATA_SETTING, extensionSources, showExtensionError } = await dataSources();
  const sources = { ...extensionSources(''), dataDir: undefined, cacheDir: scratchDir('no-cache'), download: offline };
  const error = await failure(resolveSourceFile(YOKAIEVAL_MANIFEST, 'dataset', sources));
  const message = errorMessage(error);
  assert.match(message, /Could not download works\/YokaiEval\.json .*ENOTFOUND/);
  assert.match(
    message,
    /set the Data Directory setting \(evalAdjudicator\.dataDirectory\) to a directory holding yokaieval\/YokaiEval\.json/,
  );
  assert.doesNotMatch(message, /--data|EVAL_ADJUDICATOR_DATA/);

  const before = calls.messages.length;
  answers.push(OPEN_DATA_SETTING);
  await showExtensionError(error);
  assert.deepEqual(calls.messages.slice(before), [{ kind: 'error', message: `Eval Adjudicator: ${message}`, items: [OPEN_DATA_SETTING] }]);
  assert.deepEqual(calls.executed.at(-1), ['workbench.action.openSettings', DATA_DIRECTORY_SETTING]);
});

test('a data directory without the file names the setting too; other errors get no button', async () => {
  const { extensionSources, showExtensionError } = await dataSources();
  const dir = scratchDir('empty-data');
  const error = await failure(resolveSourceFile(YOKAIEVAL_MANIFEST, 'dataset', { ...extensionSources(dir), download: offline }));
  assert.match(
    errorMessage(error),
    new RegExp(
      `${dir}/yokaieval/YokaiEval\\.json: not found\\..*set the Data Directory setting \\(evalAdjudicator\\.dataDirectory\\) to another directory`,
    ),
  );
  assert.doesNotMatch(errorMessage(error), /--data/);

  const before = calls.messages.length;
  const executed = calls.executed.length;
  await showExtensionError(new Error('HTTP 401 from the model'));
  assert.deepEqual(calls.messages.slice(before), [{ kind: 'error', message: 'Eval Adjudicator: HTTP 401 from the model', items: [] }]);
  assert.equal(calls.executed.length, executed);
});

test("the CLI's message keeps --data and EVAL_ADJUDICATOR_DATA", async () => {
  const error = await failure(
    resolveSourceFile(YOKAIEVAL_MANIFEST, 'dataset', { cacheDir: scratchDir('no-cache-cli'), download: offline }),
  );
  assert.match(errorMessage(error), /or point --data \(or EVAL_ADJUDICATOR_DATA\) at a directory holding yokaieval\/YokaiEval\.json\./);
});

test('every place in the extension finds the official files through extensionSources', () => {
  const dir = join('src', 'extension');
  const offenders = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith('.ts') && join(d.parentPath, d.name) !== join(dir, 'dataSources.ts'))
    .map((d) => join(d.parentPath, d.name))
    .filter((path) => /\bdataDirFrom\(|dataDir:/.test(readFileSync(path, 'utf8')));
  assert.deepEqual(offenders, [], 'these build their own sources, so their errors would name --data');
});
