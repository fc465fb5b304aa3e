import type * as TokenizersModule from '@huggingface/tokenizers';
import { UserError, errorMessage } from '../../util/errors';
import { INSTALL_HINT, firstLine } from './onnxRuntime';

export type HfTokenizer = TokenizersModule.Tokenizer;
type TokenizersExports = typeof TokenizersModule;

let loading: Promise<TokenizersExports> | undefined;

/** Hugging Face's tokenizer.json implementation, imported on first use only. */
export function loadTokenizers(): Promise<TokenizersExports> {
  loading ??= import('@huggingface/tokenizers').then(
    (module: TokenizersExports) => module,
    (error: unknown) => {
      loading = undefined;
      throw new UserError(
        `BERTScore and BLEURT need @huggingface/tokenizers, which cannot be loaded here (${firstLine(errorMessage(error))}): ${INSTALL_HINT}`,
      );
    },
  );
  return loading;
}
