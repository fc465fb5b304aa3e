import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createBertScore } from '../../../src/core/metrics/neural/bertScore';
import { createBleurt } from '../../../src/core/metrics/neural/bleurt';
import { UserError } from '../../../src/core/util/errors';
import { sha256Hex } from '../../../src/core/util/hash';
import { TINY_BLEURT, TINY_ENCODER } from './fixtures';

const scratch = mkdtempSync(join(tmpdir(), 'neural-bad-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function copyOf(source: string, name: string): string {
  const dir = join(scratch, name);
  cpSync(source, dir, { recursive: true });
  return dir;
}

// Port 9 (discard) refuses connections: the hub is unreachable, as offline.
const OFFLINE = { EVAL_ADJUDICATOR_CACHE: join(scratch, 'cache'), HF_ENDPOINT: 'http://127.0.0.1:9' };
const choice = (model: string): { model: string; cwd: string; env: NodeJS.ProcessEnv } => ({ model, cwd: scratch, env: OFFLINE });

async function refusal(load: () => Promise<unknown>): Promise<string> {
  try {
    await load();
  } catch (error) {
    assert.ok(error instanceof UserError, `a UserError, not ${String(error)}`);
    assert.ok(!error.message.includes('\n'), `one line: ${error.message}`);
    return error.message;
  }
  assert.fail('the model was accepted');
}

for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) {
  test(`a model folder without ${file} is refused in one line naming that file`, async () => {
    const dir = copyOf(TINY_ENCODER, `missing-${file.replace('/', '-')}`);
    unlinkSync(join(dir, file));
    const message = await refusal(() => createBertScore({ ...choice(dir), layer: 2, idf: false, rescaleFile: null }));
    assert.ok(message.startsWith(join(dir, file)), message);
    assert.match(message, /missing/);
  });
}

test('a tokenizer.json the library cannot read is refused naming it', async () => {
  const dir = copyOf(TINY_ENCODER, 'bad-tokenizer');
  writeFileSync(join(dir, 'tokenizer.json'), JSON.stringify({ model: { type: 'NoSuchModel' } }));
  const message = await refusal(() => createBertScore({ ...choice(dir), layer: 2, idf: false, rescaleFile: null }));
  assert.ok(message.startsWith(join(dir, 'tokenizer.json')), message);
});

test('a tokenizer.json that is not JSON is refused naming it', async () => {
  const dir = copyOf(TINY_BLEURT, 'broken-tokenizer');
  writeFileSync(join(dir, 'tokenizer.json'), '{"model": ');
  const message = await refusal(() => createBleurt(choice(dir)));
  assert.ok(message.startsWith(join(dir, 'tokenizer.json')), message);
});

test('an ONNX file ONNX Runtime cannot load is refused naming it', async () => {
  const dir = copyOf(TINY_ENCODER, 'bad-onnx');
  writeFileSync(join(dir, 'onnx', 'model.onnx'), 'not a model');
  const message = await refusal(() => createBertScore({ ...choice(dir), layer: 2, idf: false, rescaleFile: null }));
  assert.ok(message.startsWith(join(dir, 'onnx', 'model.onnx')), message);
});

test('BERTScore refuses an ONNX model without the hidden state it needs (a regressor with logits only)', async () => {
  const dir = copyOf(TINY_ENCODER, 'no-hidden-state');
  cpSync(join(TINY_BLEURT, 'onnx', 'model.onnx'), join(dir, 'onnx', 'model.onnx'));
  const message = await refusal(() => createBertScore({ ...choice(dir), layer: 2, idf: false, rescaleFile: null }));
  assert.ok(message.startsWith(join(dir, 'onnx', 'model.onnx')), message);
  assert.match(message, /no last_hidden_state/);
});

for (const layer of [0, 3]) {
  test(`BERTScore refuses layer ${layer}, which the tiny encoder does not expose, instead of scoring another layer`, async () => {
    const message = await refusal(() => createBertScore({ ...choice(TINY_ENCODER), layer, idf: false, rescaleFile: null }));
    assert.match(message, new RegExp(`hidden state of layer ${layer}`));
    assert.match(message, /comes after 2 layers/);
  });
}

test("BERTScore without a layer looks the model up in bert_score's table and refuses one it does not know", async () => {
  const message = await refusal(() => createBertScore({ ...choice(TINY_ENCODER), layer: null, idf: false, rescaleFile: null }));
  assert.match(message, /--bertscore-layer/);
});

test('BLEURT refuses an ONNX model without logits', async () => {
  const dir = copyOf(TINY_BLEURT, 'no-logits');
  cpSync(join(TINY_ENCODER, 'onnx', 'model.onnx'), join(dir, 'onnx', 'model.onnx'));
  const message = await refusal(() => createBleurt(choice(dir)));
  assert.match(message, /needs the output "logits"/);
});

test('a hub id absent from the cache, offline, names the folder to provide and leaves nothing behind', async () => {
  const message = await refusal(() => createBleurt(choice('lucadiliello/BLEURT-20')));
  assert.ok(message.includes(join(scratch, 'cache', 'models', 'lucadiliello', 'BLEURT-20')), message);
  assert.match(message, /cannot be downloaded/);
  assert.equal(existsSync(join(scratch, 'cache', 'models', 'lucadiliello')), false);
});

/** A hub mirror serving the tiny BLEURT folder, with Hugging Face's headers: git blob sha1 etags, LFS sha256 x-linked-etag. */
async function hubMirror(corrupt: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const match = /^\/someone\/mirrored\/resolve\/main\/(.+)$/.exec(req.url ?? '');
    const file = match?.[1];
    if (file === undefined || !existsSync(join(TINY_BLEURT, file))) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(join(TINY_BLEURT, file));
    const lfs = file.endsWith('.onnx');
    const headers: Record<string, string> = { 'content-length': String(body.length) };
    if (lfs) headers['x-linked-etag'] = `"${sha256Hex(corrupt ? Buffer.from('other') : body)}"`;
    else headers['etag'] = `"${createHash('sha1').update(`blob ${body.length}\0`).update(body).digest('hex')}"`;
    res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  assert.ok(address !== null && typeof address === 'object');
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((done) => server.close(() => done())) };
}

test("a hub id absent from the cache is downloaded there from HF_ENDPOINT, each file verified by the hub's hash", async () => {
  const mirror = await hubMirror(false);
  try {
    const cache = join(scratch, 'download-cache');
    const metric = await createBleurt({
      model: 'someone/mirrored',
      cwd: scratch,
      env: { EVAL_ADJUDICATOR_CACHE: cache, HF_ENDPOINT: mirror.url },
    });
    await metric.release();
    assert.equal(metric.record.model.id, 'someone/mirrored');
    assert.equal(metric.record.model.dir, join(cache, 'models', 'someone', 'mirrored'));
    for (const f of metric.record.model.files) assert.equal(f.sha256, sha256Hex(readFileSync(join(TINY_BLEURT, f.path))), f.path);
  } finally {
    await mirror.close();
  }
});

test("a downloaded file whose hash differs from the hub's is refused and no folder is left", async () => {
  const mirror = await hubMirror(true);
  try {
    const cache = join(scratch, 'corrupt-cache');
    const message = await refusal(() =>
      createBleurt({ model: 'someone/mirrored', cwd: scratch, env: { EVAL_ADJUDICATOR_CACHE: cache, HF_ENDPOINT: mirror.url } }),
    );
    assert.match(message, /sha256 [0-9a-f]{64}, the hub says/);
    assert.equal(existsSync(join(cache, 'models', 'someone', 'mirrored')), false);
  } finally {
    await mirror.close();
  }
});

test('a hub id present in the cache folder is used', async () => {
  cpSync(TINY_BLEURT, join(scratch, 'cache', 'models', 'someone', 'tiny-bleurt'), { recursive: true });
  const metric = await createBleurt(choice('someone/tiny-bleurt'));
  assert.equal(metric.record.model.id, 'someone/tiny-bleurt');
  await metric.release();
});

test('a resumed run refuses model files that changed since it started', async () => {
  const dir = copyOf(TINY_BLEURT, 'changed');
  const first = await createBleurt(choice(dir));
  await first.release();
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ model_type: 'bleurt', num_hidden_layers: 2, changed: true }));
  const message = await refusal(() => createBleurt({ ...choice(dir), expected: first.record }));
  assert.match(message, /changed since the run started/);
});
