// A model store laid out as Ollama lays it out (OLLAMA_MODELS), holding one GGUF as the model `tiny:latest`.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** manifests/registry.ollama.ai/library/tiny/latest naming the GGUF as its model layer, the blob by digest. */
export function fakeOllamaStore(root: string, gguf: Buffer): string {
  const store = join(root, 'ollama');
  const digest = `sha256:${createHash('sha256').update(gguf).digest('hex')}`;
  mkdirSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny'), { recursive: true });
  mkdirSync(join(store, 'blobs'), { recursive: true });
  const manifest = {
    schemaVersion: 2,
    mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
    config: { mediaType: 'application/vnd.docker.container.image.v1+json', digest: `sha256:${'c'.repeat(64)}`, size: 2 },
    layers: [{ mediaType: 'application/vnd.ollama.image.model', digest, size: gguf.length }],
  };
  writeFileSync(join(store, 'manifests', 'registry.ollama.ai', 'library', 'tiny', 'latest'), JSON.stringify(manifest));
  writeFileSync(join(store, 'blobs', digest.replace(':', '-')), gguf);
  return store;
}
