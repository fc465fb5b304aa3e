import { type PreviewRequest, type RunPreview } from '../../runs/runSession';
import { estimateTokens } from '../../util/estimateTokens';
import { type KalahiItem } from './dataset';
import { kalahiMessages } from './evaluateItem';
import { DEFAULT_MC_TEMPLATE, parseMcTemplate, renderMcTemplate } from '../../backends/mcPromptTemplate';
import { allReferences, kalahiReferences } from './references';
import { type KalahiRunConfig } from './settings';

/** A dry run of a Kalahi run: each item's requests as they would be sent, counts and token estimates. */
export function previewKalahi(items: readonly KalahiItem[], config: KalahiRunConfig, shown: number): RunPreview {
  const model = config.model.name;
  const template =
    config.mc?.logprobs === 'completions'
      ? parseMcTemplate(config.mc.template?.text ?? DEFAULT_MC_TEMPLATE, config.mc.template?.source ?? 'the default template')
      : null;
  const requestsOf = (item: KalahiItem): PreviewRequest[] => {
    const requests: PreviewRequest[] = [];
    const references = allReferences(kalahiReferences(item, config.appendPeriod));
    if (config.mc !== null) {
      references.forEach((reference, i) => {
        const label = `logprobs ${i + 1}/${references.length} (${config.mc?.logprobs})`;
        const messages =
          template === null
            ? [
                { role: 'user' as const, content: item.record.prompt },
                { role: 'assistant' as const, content: reference },
              ]
            : [{ role: 'user' as const, content: renderMcTemplate(template, item.record.prompt, reference).text }];
        requests.push({ label, model, messages });
      });
    }
    if (config.open !== null) requests.push({ label: 'open-ended', model, messages: kalahiMessages(item, config.model.systemPrompt) });
    return requests;
  };
  let promptTokenEstimate = 0;
  let requestCount = 0;
  let maxCompletionTokens = 0;
  for (const item of items) {
    const references = kalahiReferences(item, config.appendPeriod);
    const count = references.relevant.length + references.irrelevant.length;
    for (const request of requestsOf(item)) promptTokenEstimate += estimateTokens(request.messages.map((m) => m.content).join('\n'));
    if (config.mc?.logprobs === 'vllm-chat') {
      requestCount += 1 + count;
      maxCompletionTokens += count;
    } else if (config.mc !== null) {
      requestCount += config.mc.request.promptList === false ? count : 1;
      maxCompletionTokens += config.mc.request.maxTokens === 1 ? count : 0;
    }
    if (config.open !== null) {
      requestCount += 1;
      maxCompletionTokens += config.model.params.maxTokens ?? 0;
    }
  }
  const notes: string[] = [];
  if (template !== null)
    notes.push(
      'completions prompts are raw text (shown as one "user" block), sent with echo=true, logprobs=1, max_tokens 0, all of an item\'s references in one request when the server takes a list',
    );
  if (config.mc?.logprobs === 'vllm-chat')
    notes.push("vllm-chat also asks /tokenize for each item's prefix [user: prompt] with the generation prompt");
  return {
    first: items.slice(0, shown).map((item) => ({ itemId: item.id, requests: requestsOf(item) })),
    requestCount,
    promptTokenEstimate,
    maxCompletionTokens,
    notes,
  };
}
