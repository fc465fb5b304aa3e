import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChatTemplate, ChatTemplateError } from '../../../src/core/runtimes/gguf/chatTemplate';

// Real templates as published in the models' tokenizer_config.json, and how Hugging Face's
// apply_chat_template(tokenize=False) renders the conversation below with them.
const LLAMA3 =
  "{% set loop_messages = messages %}{% for message in loop_messages %}{% set content = '<|start_header_id|>' + message['role'] + '<|end_header_id|>\n\n'+ message['content'] | trim + '<|eot_id|>' %}{% if loop.index0 == 0 %}{% set content = bos_token + content %}{% endif %}{{ content }}{% endfor %}{% if add_generation_prompt %}{{ '<|start_header_id|>assistant<|end_header_id|>\n\n' }}{% endif %}";
const GEMMA =
  "{{ bos_token }}{% if messages[0]['role'] == 'system' %}{{ raise_exception('System role not supported') }}{% endif %}{% for message in messages %}{% if (message['role'] == 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}{% endif %}{% if (message['role'] == 'assistant') %}{% set role = 'model' %}{% else %}{% set role = message['role'] %}{% endif %}{{ '<start_of_turn>' + role + '\n' + message['content'] | trim + '<end_of_turn>\n' }}{% endfor %}{% if add_generation_prompt %}{{'<start_of_turn>model\n'}}{% endif %}";
const CHATML_QWEN2 =
  "{% for message in messages %}{% if loop.first and messages[0]['role'] != 'system' %}{{ '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n' }}{% endif %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";
// Zephyr's template relies on trim_blocks (the newline after a block tag dropped), as transformers sets it.
const ZEPHYR =
  "{% for message in messages %}\n{% if message['role'] == 'user' %}\n{{ '<|user|>\n' + message['content'] + eos_token }}\n{% elif message['role'] == 'system' %}\n{{ '<|system|>\n' + message['content'] + eos_token }}\n{% elif message['role'] == 'assistant' %}\n{{ '<|assistant|>\n'  + message['content'] + eos_token }}\n{% endif %}\n{% if loop.last and add_generation_prompt %}\n{{ '<|assistant|>' }}\n{% endif %}\n{% endfor %}";

const user = { role: 'user' as const, content: 'Ano ang adobo?' };
const assistant = { role: 'assistant' as const, content: 'Isang ulam.' };

describe('chat templates rendered as apply_chat_template does', () => {
  it('Llama 3: BOS from the template, headers, eot after each turn', () => {
    const t = new ChatTemplate(LLAMA3, { bosToken: '<|begin_of_text|>', eosToken: '<|eot_id|>' });
    assert.equal(
      t.render([user], true),
      '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nAno ang adobo?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n',
    );
    assert.equal(
      t.render([user, assistant], false),
      '<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nAno ang adobo?<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nIsang ulam.<|eot_id|>',
    );
  });

  it('Gemma: model turns, and raise_exception for a system message', () => {
    const t = new ChatTemplate(GEMMA, { bosToken: '<bos>', eosToken: '<eos>' });
    assert.equal(t.render([user], true), '<bos><start_of_turn>user\nAno ang adobo?<end_of_turn>\n<start_of_turn>model\n');
    assert.equal(
      t.render([user, assistant], false),
      '<bos><start_of_turn>user\nAno ang adobo?<end_of_turn>\n<start_of_turn>model\nIsang ulam.<end_of_turn>\n',
    );
    assert.throws(
      () => t.render([{ role: 'system', content: 'x' }, user], true),
      (e: unknown) => e instanceof ChatTemplateError && /System role not supported/.test(e.message),
    );
  });

  it('ChatML (Qwen2): the default system turn, no BOS', () => {
    const t = new ChatTemplate(CHATML_QWEN2, { bosToken: null, eosToken: '<|im_end|>' });
    assert.equal(
      t.render([user], true),
      '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nAno ang adobo?<|im_end|>\n<|im_start|>assistant\n',
    );
    assert.equal(
      t.render([user, assistant], false),
      '<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\nAno ang adobo?<|im_end|>\n<|im_start|>assistant\nIsang ulam.<|im_end|>\n',
    );
  });

  it('Zephyr: trim_blocks and lstrip_blocks as in transformers', () => {
    const t = new ChatTemplate(ZEPHYR, { bosToken: '<s>', eosToken: '</s>' });
    assert.equal(t.render([user, assistant], false), '<|user|>\nAno ang adobo?</s>\n<|assistant|>\nIsang ulam.</s>\n');
    assert.equal(t.render([user], true), '<|user|>\nAno ang adobo?</s>\n<|assistant|>\n');
  });

  it('a template that does not parse is a ChatTemplateError', () => {
    assert.throws(() => new ChatTemplate('{% for m in messages %}', { bosToken: null, eosToken: null }), ChatTemplateError);
  });
});
