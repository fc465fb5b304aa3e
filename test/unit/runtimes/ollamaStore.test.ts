import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { listOllamaModels, parseOllamaName, resolveOllamaModel } from '../../../src/core/runtimes/gguf/ollamaStore';
import { UserError } from '../../../src/core/util/errors';
import { scratchDir } from '../../helpers/scratch';

const digest = (c: string): string => `sha256:${c.repeat(64)}`;

/** A store laid out as Ollama lays it out: manifests/<registry>/<namespace>/<name>/<tag>, blobs/sha256-<hex>. */
function fakeStore(): string {
  const root = scratchDir('ollama');
  const manifest = (parts: string[], model: string): void => {
    mkdirSync(join(root, 'manifests', ...parts.slice(0, -1)), { recursive: true });
    const body = {
      schemaVersion: 2,
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      config: { mediaType: 'application/vnd.docker.container.image.v1+json', digest: digest('c'), size: 10 },
      layers: [
        { mediaType: 'application/vnd.ollama.image.template', digest: digest('d'), size: 5 },
        { mediaType: 'application/vnd.ollama.image.model', digest: digest(model), size: 4 },
        { mediaType: 'application/vnd.ollama.image.params', digest: digest('e'), size: 5 },
      ],
    };
    writeFileSync(join(root, 'manifests', ...parts), JSON.stringify(body));
    mkdirSync(join(root, 'blobs'), { recursive: true });
    writeFileSync(join(root, 'blobs', `sha256-${model.repeat(64)}`), 'GGUF');
  };
  manifest(['registry.ollama.ai', 'library', 'qwen2.5', '0.5b'], 'a');
  manifest(['registry.ollama.ai', 'library', 'gemma3', 'latest'], 'b');
  manifest(['registry.ollama.ai', 'someone', 'tagalog', '7b'], 'f');
  manifest(['hf.co', 'org', 'repo', 'Q4_K_M'], '1');
  return root;
}

describe('Ollama store resolution', () => {
  const root = fakeStore();
  const env = { OLLAMA_MODELS: root };

  it('parses names as Ollama does', () => {
    assert.deepEqual(parseOllamaName('qwen2.5:0.5b'), {
      name: 'qwen2.5:0.5b',
      registry: 'registry.ollama.ai',
      path: ['library', 'qwen2.5'],
      tag: '0.5b',
    });
    assert.equal(parseOllamaName('gemma3').tag, 'latest');
    assert.deepEqual(parseOllamaName('hf.co/org/repo:Q4_K_M').path, ['org', 'repo']);
    assert.throws(() => parseOllamaName('../x'), UserError);
  });

  it("finds the model layer's blob for library, namespaced and host-qualified names", () => {
    assert.equal(resolveOllamaModel('qwen2.5:0.5b', env), join(root, 'blobs', `sha256-${'a'.repeat(64)}`));
    assert.equal(resolveOllamaModel('gemma3', env), join(root, 'blobs', `sha256-${'b'.repeat(64)}`));
    assert.equal(resolveOllamaModel('someone/tagalog:7b', env), join(root, 'blobs', `sha256-${'f'.repeat(64)}`));
    assert.equal(resolveOllamaModel('hf.co/org/repo:Q4_K_M', env), join(root, 'blobs', `sha256-${'1'.repeat(64)}`));
  });

  it('says how to pull a model it does not have', () => {
    assert.throws(
      () => resolveOllamaModel('llama3.2:1b', env),
      (e: unknown) => e instanceof UserError && /ollama:llama3\.2:1b: .*ollama pull llama3\.2:1b/.test(e.message),
    );
  });

  it('lists the pulled models', () => {
    assert.deepEqual(listOllamaModels(env), ['gemma3:latest', 'hf.co/org/repo:Q4_K_M', 'qwen2.5:0.5b', 'someone/tagalog:7b']);
    assert.deepEqual(listOllamaModels({ OLLAMA_MODELS: join(root, 'nowhere') }), []);
  });
});
