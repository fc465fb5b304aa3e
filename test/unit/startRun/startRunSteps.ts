import { type ShownItem } from '../../helpers/scriptedStartRunUi';

/** The provider step's entries, as Start Run has always shown them. */
export const PROVIDER_ITEMS: readonly ShownItem[] = [
  { label: 'OpenAI-compatible base URL', description: 'vLLM, Ollama, llama.cpp, any /v1 server' },
  { label: 'OpenAI', description: 'https://api.openai.com/v1' },
  { label: 'Azure OpenAI', description: 'endpoint, deployment, API version' },
];

export const LOCAL_ITEM: ShownItem = {
  label: 'Local model file (GGUF)',
  description: 'in-process with llama.cpp: a .gguf file or an Ollama model, no server',
};

/** The last step's entries for a benchmark of `total` items. */
export function LIMIT_ITEMS(total: number): ShownItem[] {
  return [
    { label: `All ${total} items` },
    { label: 'First 10 items', description: 'a quick look' },
    { label: 'First 20 items' },
    { label: 'First 100 items' },
    { label: 'First N items…' },
  ];
}
