import { Template } from '@huggingface/jinja';
import { errorMessage } from '../../util/errors';

export interface TemplateMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** The special tokens a template may name, as text (null when the vocabulary has none). */
export interface TemplateTokens {
  readonly bosToken: string | null;
  readonly eosToken: string | null;
  readonly unkToken?: string | null;
  readonly padToken?: string | null;
}

export class ChatTemplateError extends Error {
  override readonly name = 'ChatTemplateError';
}

/**
 * A chat template rendered as Hugging Face's apply_chat_template renders it (tokenize=False): the
 * messages, add_generation_prompt, and the special tokens by their text; @huggingface/jinja applies
 * trim_blocks and lstrip_blocks as transformers' environment does, and provides raise_exception.
 */
export class ChatTemplate {
  private readonly template: Template;

  constructor(
    readonly source: string,
    private readonly tokens: TemplateTokens,
  ) {
    try {
      this.template = new Template(source);
    } catch (error) {
      throw new ChatTemplateError(`its chat template cannot be parsed (${errorMessage(error)})`);
    }
  }

  render(messages: readonly TemplateMessage[], addGenerationPrompt: boolean): string {
    try {
      return this.template.render({
        messages: messages.map((m) => ({ role: m.role, content: m.content })),
        add_generation_prompt: addGenerationPrompt,
        bos_token: this.tokens.bosToken ?? '',
        eos_token: this.tokens.eosToken ?? '',
        unk_token: this.tokens.unkToken ?? '',
        pad_token: this.tokens.padToken ?? '',
      });
    } catch (error) {
      throw new ChatTemplateError(`its chat template failed to render (${errorMessage(error)})`);
    }
  }
}
