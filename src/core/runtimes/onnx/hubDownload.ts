import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { UserError, errorMessage } from '../../util/errors';
import { MODEL_FILES, modelFilePath } from './modelFolder';

/** Hugging Face's hub, or the mirror named by HF_ENDPOINT (as Hugging Face's own libraries read it). */
export function hubEndpoint(env: NodeJS.ProcessEnv): string {
  return (env['HF_ENDPOINT'] ?? 'https://huggingface.co').replace(/\/+$/, '');
}

/**
 * Downloads a hub model's files (transformers.js layout) into `dir`, each verified against the hub's own
 * hash: the sha256 of an LFS file (x-linked-etag), else the git blob sha1 (etag). The folder appears only
 * once every file is there and verified.
 */
export async function downloadHubModel(id: string, dir: string, env: NodeJS.ProcessEnv, what: string): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    for (const file of MODEL_FILES) await downloadFile(`${hubEndpoint(env)}/${id}/resolve/main/${file}`, modelFilePath(partial, file));
    mkdirSync(dirname(dir), { recursive: true });
    renameSync(partial, dir);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw new UserError(
      `${what}: model ${id} is not in ${dir} and cannot be downloaded (${errorMessage(error)}); put the folder there (${MODEL_FILES.join(', ')}; docs/metrics.md: BERTScore and BLEURT) or name a folder`,
    );
  }
}

async function downloadFile(url: string, path: string): Promise<void> {
  const response = await fetch(url, { redirect: 'follow' });
  if (!response.ok || response.body === null) throw new Error(`${url} answered ${response.status}`);
  const expected = expectedHash(response.headers);
  if (expected === null) throw new Error(`${url} gave no hash to verify it by (etag)`);
  mkdirSync(dirname(path), { recursive: true });
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const hash = createHash(expected.algorithm);
  if (expected.algorithm === 'sha1') {
    if (!Number.isFinite(length)) throw new Error(`${url} gave no content-length for its git hash`);
    hash.update(`blob ${length}\0`);
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => hash.update(chunk));
  await pipeline(body, createWriteStream(path));
  const actual = hash.digest('hex');
  if (actual !== expected.value) throw new Error(`${url}: ${expected.algorithm} ${actual}, the hub says ${expected.value}`);
}

function expectedHash(headers: Headers): { algorithm: 'sha256' | 'sha1'; value: string } | null {
  const clean = (v: string | null): string => (v ?? '').replace(/^W\//, '').replace(/"/g, '').toLowerCase();
  const linked = clean(headers.get('x-linked-etag'));
  if (/^[0-9a-f]{64}$/.test(linked)) return { algorithm: 'sha256', value: linked };
  const etag = clean(headers.get('etag'));
  if (/^[0-9a-f]{64}$/.test(etag)) return { algorithm: 'sha256', value: etag };
  if (/^[0-9a-f]{40}$/.test(etag)) return { algorithm: 'sha1', value: etag };
  return null;
}
