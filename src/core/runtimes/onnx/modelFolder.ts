import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { UserError, errorMessage } from '../../util/errors';
import { firstIssue } from '../../util/zodIssues';

/** The files of a model folder in the layout transformers.js uses. */
export const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'] as const;
export type ModelFile = (typeof MODEL_FILES)[number];

export const ModelFileRecordSchema = z.object({ path: z.enum(MODEL_FILES), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type ModelFileRecord = z.infer<typeof ModelFileRecordSchema>;

const ModelConfigSchema = z.looseObject({
  model_type: z.string().optional(),
  _name_or_path: z.string().optional(),
  num_hidden_layers: z.number().int().nonnegative().optional(),
  max_position_embeddings: z.number().int().positive().optional(),
});
export type ModelConfig = z.infer<typeof ModelConfigSchema>;

const TokenizerConfigSchema = z.looseObject({
  model_max_length: z.number().optional(),
});
export type TokenizerConfig = z.infer<typeof TokenizerConfigSchema>;

export interface ModelFolder {
  /** The folder, absolute. */
  readonly dir: string;
  readonly config: ModelConfig;
  readonly tokenizerConfig: TokenizerConfig;
  /** tokenizer.json, parsed as JSON (the tokenizer library checks the rest). */
  readonly tokenizerJson: unknown;
  readonly onnxPath: string;
}

export function modelFilePath(dir: string, file: ModelFile): string {
  return join(dir, ...file.split('/'));
}

/** The first file of the layout missing from `dir`, or null when all are there. */
export function missingModelFile(dir: string): ModelFile | null {
  return MODEL_FILES.find((file) => !isFile(modelFilePath(dir, file))) ?? null;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** Reads and checks a model folder's JSON files; every problem is one line naming the file. */
export function readModelFolder(dir: string, what: string): ModelFolder {
  const missing = missingModelFile(dir);
  if (missing !== null) {
    throw new UserError(
      `${modelFilePath(dir, missing)}: missing; ${what} needs a model folder holding ${MODEL_FILES.join(', ')} (docs/metrics.md: BERTScore and BLEURT)`,
    );
  }
  const json = (file: ModelFile): unknown => {
    const path = modelFilePath(dir, file);
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new UserError(`${path}: not valid JSON (${errorMessage(error)})`);
    }
  };
  const parse = <T>(file: ModelFile, schema: z.ZodType<T>): T => {
    const result = schema.safeParse(json(file));
    if (!result.success) {
      const { field, message } = firstIssue(result.error);
      throw new UserError(`${modelFilePath(dir, file)}: field "${field}": ${message}`);
    }
    return result.data;
  };
  return {
    dir,
    config: parse('config.json', ModelConfigSchema),
    tokenizerConfig: parse('tokenizer_config.json', TokenizerConfigSchema),
    tokenizerJson: json('tokenizer.json'),
    onnxPath: modelFilePath(dir, 'onnx/model.onnx'),
  };
}

/** sha256 of each file of the layout, streamed (a large encoder is gigabytes). */
export async function hashModelFiles(dir: string): Promise<ModelFileRecord[]> {
  const records: ModelFileRecord[] = [];
  for (const path of MODEL_FILES) records.push({ path, sha256: await sha256File(modelFilePath(dir, path)) });
  return records;
}

function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', (error) => reject(new UserError(`${path}: cannot be read (${errorMessage(error)})`)))
      .on('end', () => resolve(hash.digest('hex')));
  });
}
