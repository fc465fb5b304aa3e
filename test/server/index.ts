// The test server's public API.
export { startTestServer, type TestServer } from './server';
export {
  fillJudgePrompt,
  parseFilledJudgePrompt,
  parseTemplate,
  questionChoices,
  loadDefaultJudgeTemplate,
  defaultJudgeTemplatePath,
  type JudgeFields,
} from './judgeTemplate';
export { defaultChatReply, filipinoReply, judgeVerdict, modelAnswerToQuestion } from './chatScript';
export { DEFAULT_COMPLETION_MAX_TOKENS, generatedTokens } from './completions';
export { renderChat } from './tokenizeRoute';
export { chatPromptLogprobs } from './chatPromptLogprobs';
export {
  tokenize,
  tokenOffsets,
  tokenOffsetsInCodePoints,
  tokenId,
  tokenLogprob,
  tokenLogprobs,
  logprobFromHash,
  countTokens,
  MAX_PIECE_CODE_POINTS,
} from './tokenizer';
export { fnv1a32, mulberry32, unitFrom } from './rng';
export { retryAfterHeaders } from './faults';
export { contentFilterBody } from './errors';
export type * from './types';
export type { ChatBody, CompletionBody } from './schemas';
