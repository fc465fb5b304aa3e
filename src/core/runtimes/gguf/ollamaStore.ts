import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as z from 'zod';
import { UserError, errorMessage } from '../../util/errors';

export const OLLAMA_PREFIX = 'ollama:';
const MODEL_MEDIA_TYPE = 'application/vnd.ollama.image.model';
const DEFAULT_REGISTRY = 'registry.ollama.ai';
const DEFAULT_NAMESPACE = 'library';

const ManifestSchema = z.looseObject({
  layers: z.array(z.looseObject({ mediaType: z.string(), digest: z.string().regex(/^sha256:[0-9a-f]{64}$/), size: z.number().optional() })),
});

/** Ollama's models folder: OLLAMA_MODELS, else ~/.ollama/models. */
export function ollamaModelsDir(env: NodeJS.ProcessEnv): string {
  const configured = env.OLLAMA_MODELS;
  return configured !== undefined && configured !== '' ? configured : join(homedir(), '.ollama', 'models');
}

export interface OllamaModelRef {
  /** As the user wrote it after "ollama:" (qwen2.5:0.5b, me/model, hf.co/org/repo:Q4_K_M). */
  readonly name: string;
  readonly registry: string;
  readonly path: readonly string[];
  readonly tag: string;
}

/** NAME[:TAG], NAMESPACE/NAME[:TAG] or HOST/NAMESPACE/NAME[:TAG], as Ollama parses model names. */
export function parseOllamaName(name: string): OllamaModelRef {
  const colon = name.lastIndexOf(':');
  const slash = name.lastIndexOf('/');
  const [base, tag] = colon > slash ? [name.slice(0, colon), name.slice(colon + 1)] : [name, 'latest'];
  const parts = base.split('/').filter((p) => p !== '');
  if (parts.length === 0 || tag === '' || parts.some((p) => p === '.' || p === '..') || tag.includes('/')) {
    throw new UserError(`${OLLAMA_PREFIX}${name}: not an Ollama model name (NAME[:TAG], as in ollama:qwen2.5:0.5b)`);
  }
  if (parts.length === 1) return { name, registry: DEFAULT_REGISTRY, path: [DEFAULT_NAMESPACE, parts[0] ?? ''], tag };
  if (parts.length === 2) return { name, registry: DEFAULT_REGISTRY, path: parts, tag };
  return { name, registry: parts[0] ?? DEFAULT_REGISTRY, path: parts.slice(1), tag };
}

/** The GGUF blob of a pulled Ollama model: its manifest's model layer, in blobs/sha256-…. */
export function resolveOllamaModel(name: string, env: NodeJS.ProcessEnv): string {
  const ref = parseOllamaName(name);
  const root = ollamaModelsDir(env);
  const manifestPath = join(root, 'manifests', ref.registry, ...ref.path, ref.tag);
  const wanted = `${OLLAMA_PREFIX}${name}`;
  if (!existsSync(manifestPath)) {
    throw new UserError(
      `${wanted}: Ollama has no such model in ${root} (no manifest ${join('manifests', ref.registry, ...ref.path, ref.tag)}): pull it with \`ollama pull ${name}\`, or set OLLAMA_MODELS to Ollama's models folder`,
    );
  }
  let manifest: z.infer<typeof ManifestSchema>;
  try {
    manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  } catch (error) {
    throw new UserError(`${wanted}: the manifest ${manifestPath} is not one Ollama writes (${errorMessage(error).split('\n')[0] ?? ''})`);
  }
  const layer = manifest.layers.find((l) => l.mediaType === MODEL_MEDIA_TYPE);
  if (layer === undefined) throw new UserError(`${wanted}: the manifest ${manifestPath} has no layer of type ${MODEL_MEDIA_TYPE}`);
  const blob = join(root, 'blobs', layer.digest.replace(':', '-'));
  if (!existsSync(blob))
    throw new UserError(`${wanted}: the model blob ${blob} is missing: pull the model again with \`ollama pull ${name}\``);
  return blob;
}

/** Every model Ollama has pulled, as NAME:TAG (library models without their namespace), sorted. */
export function listOllamaModels(env: NodeJS.ProcessEnv): string[] {
  const manifests = join(ollamaModelsDir(env), 'manifests');
  if (!existsSync(manifests)) return [];
  const found: string[] = [];
  const walk = (dir: string, parts: readonly string[]): void => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (parts.length < 4) walk(path, [...parts, entry]);
      } else if (parts.length >= 2) {
        const [registry, ...rest] = parts;
        const shown = registry === DEFAULT_REGISTRY ? (rest[0] === DEFAULT_NAMESPACE ? rest.slice(1) : rest) : parts;
        found.push(`${shown.join('/')}:${entry}`);
      }
    }
  };
  walk(manifests, []);
  return found.sort();
}
