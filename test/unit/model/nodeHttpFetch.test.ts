// nodeHttpFetch (the openai client's fetch) reads replies as the global fetch does: text() and json()
// decode the bytes already read (UTF-8, a byte-order mark dropped, gzip undone), a body that is not JSON
// rejects, and the body stream is still there for any other reader. Compared with fetch over real HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { nodeHttpFetch } from '../../../src/core/model/nodeHttpFetch';

const JSON_TEXT = JSON.stringify({ choices: [{ text: 'Magandang araw — 妖怪 😀', logprobs: { token_logprobs: [null, -0.5, -1.25] } }] });

const ROUTES: Record<string, { status: number; headers: Record<string, string>; body: Buffer }> = {
  '/plain': { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON_TEXT) },
  '/bom': {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON_TEXT)]),
  },
  '/gzip': {
    status: 200,
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: gzipSync(Buffer.from(JSON_TEXT)),
  },
  '/broken': { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"choices": [') },
  '/error': {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '1' },
    body: Buffer.from('{"error":{"message":"slow down"}}'),
  },
  '/empty': { status: 204, headers: {}, body: Buffer.alloc(0) },
};

async function withServer(t: { after: (fn: () => Promise<void>) => void }): Promise<string> {
  const server = createServer((req, res) => {
    const route = ROUTES[req.url ?? ''] ?? { status: 404, headers: {}, body: Buffer.alloc(0) };
    res.writeHead(route.status, route.headers);
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('text() and json() give what the global fetch gives: UTF-8, byte-order mark dropped, gzip undone', async (t) => {
  const origin = await withServer(t);
  for (const path of ['/plain', '/bom', '/gzip', '/error']) {
    const [ours, theirs] = await Promise.all([nodeHttpFetch(`${origin}${path}`), fetch(`${origin}${path}`)]);
    assert.equal(ours.status, theirs.status, path);
    assert.equal(ours.headers.get('retry-after'), theirs.headers.get('retry-after'), path);
    assert.equal(await ours.text(), await theirs.text(), `${path}: text()`);
    const [again, fetchedAgain] = await Promise.all([nodeHttpFetch(`${origin}${path}`), fetch(`${origin}${path}`)]);
    assert.deepEqual(await again.json(), await fetchedAgain.json(), `${path}: json()`);
  }
  const streamed = await nodeHttpFetch(`${origin}/plain`);
  assert.equal(Buffer.from(await streamed.arrayBuffer()).toString('utf8'), JSON_TEXT, 'the body stream reads the same bytes');
  assert.equal((await nodeHttpFetch(`${origin}/empty`)).status, 204);
});

test('json() of a body that is not JSON rejects (it does not throw synchronously)', async (t) => {
  const origin = await withServer(t);
  const response = await nodeHttpFetch(`${origin}/broken`);
  const pending = response.json();
  assert.ok(pending instanceof Promise);
  await assert.rejects(pending, SyntaxError);
});

test('status, ok, statusText, headers, arrayBuffer() and clone() are those of the global fetch (the body stream is made only when read)', async (t) => {
  const origin = await withServer(t);
  for (const path of ['/plain', '/gzip', '/error']) {
    const [ours, theirs] = await Promise.all([nodeHttpFetch(`${origin}${path}`), fetch(`${origin}${path}`)]);
    assert.deepEqual([ours.status, ours.ok, ours.statusText], [theirs.status, theirs.ok, theirs.statusText], path);
    assert.equal(ours.headers.get('content-type'), theirs.headers.get('content-type'), path);
    assert.equal(ours.bodyUsed, false, `${path}: nothing read yet`);
    const copy = ours.clone();
    assert.deepEqual(Buffer.from(await ours.arrayBuffer()), Buffer.from(await theirs.arrayBuffer()), `${path}: arrayBuffer()`);
    assert.equal(ours.bodyUsed, true, `${path}: arrayBuffer() read the stream`);
    assert.equal(await copy.text(), await (await fetch(`${origin}${path}`)).text(), `${path}: clone().text()`);
  }
});
