import { UserError, errorMessage } from '../../util/errors';
import { type ModelFolder, modelFilePath } from './modelFolder';
import { type SpecialTemplate, learnSpecialTemplate } from './specialTokens';
import { type HfTokenizer, loadTokenizers } from './tokenizerRuntime';
import { rememberWordPieces } from './wordPieceMemo';

/** Hugging Face's "no limit" model_max_length (int(1e30)) and anything like it. */
const NO_LIMIT = 1e12;

export interface ModelTokenizer {
  readonly tokenizer: HfTokenizer;
  readonly template: SpecialTemplate;
  readonly padId: number;
  /** Token ids of one text, without special tokens. */
  content(text: string): number[];
}

/** The tokenizer of a model folder, checked: a tokenizer.json the library cannot read is one line naming it. */
export async function loadModelTokenizer(folder: ModelFolder): Promise<ModelTokenizer> {
  const { Tokenizer } = await loadTokenizers();
  const path = modelFilePath(folder.dir, 'tokenizer.json');
  let tokenizer: HfTokenizer;
  try {
    tokenizer = new Tokenizer(folder.tokenizerJson as object, folder.tokenizerConfig);
    tokenizer.encode('probe', { add_special_tokens: true });
    rememberWordPieces(tokenizer.model);
  } catch (error) {
    throw new UserError(`${path}: the Hugging Face tokenizer cannot read it (${errorMessage(error).split('\n')[0] ?? ''})`);
  }
  const template = learnSpecialTemplate(tokenizer, path);
  const padToken = typeof folder.tokenizerConfig['pad_token'] === 'string' ? folder.tokenizerConfig['pad_token'] : '[PAD]';
  const padId = tokenizer.token_to_id(padToken) ?? 0;
  return { tokenizer, template, padId, content: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids };
}

export interface MaxLength {
  readonly tokens: number;
  readonly source: string;
}

/**
 * The tokenizer's model_max_length, as Hugging Face's tokenizer applies it; when tokenizer_config.json sets
 * none, config.json's max_position_embeddings (beyond which the encoder has no positions), else `fallback`.
 */
export function modelMaxLength(folder: ModelFolder, fallback: number): MaxLength {
  const declared = folder.tokenizerConfig.model_max_length;
  if (declared !== undefined && declared > 0 && declared < NO_LIMIT)
    return { tokens: Math.floor(declared), source: 'tokenizer_config.json model_max_length' };
  const positions = folder.config.max_position_embeddings;
  if (positions !== undefined)
    return { tokens: positions, source: 'config.json max_position_embeddings (tokenizer_config.json sets no model_max_length)' };
  return { tokens: fallback, source: `the default ${fallback} (neither tokenizer_config.json nor config.json sets a length)` };
}
