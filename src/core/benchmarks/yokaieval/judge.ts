import { resolveSourceFile } from '../../data/resolveSourceFile';
import { type LlmJudge } from '../../contract/benchmark';
import { judgeMessagesFor, wordingOf } from './judgeMessages';
import { fillJudgeTemplate } from './judgePrompt';
import { YOKAIEVAL_MANIFEST } from './manifest';
import { DEFAULT_JUDGE } from './presets';
import { parseJudgeVerdict } from './verdict';

/** YokaiEval's LLM judge: judge_prompt.txt filled with the question, the correct answer and the response. */
export const YOKAIEVAL_JUDGE: LlmJudge = {
  defaults: {
    model: DEFAULT_JUDGE.model,
    temperature: DEFAULT_JUDGE.temperature,
    topP: DEFAULT_JUDGE.topP,
    maxTokens: DEFAULT_JUDGE.maxTokens,
  },
  officialTemplate: async (sources) => (await resolveSourceFile(YOKAIEVAL_MANIFEST, 'judgePrompt', sources)).bytes.toString('utf8'),
  // A trial fill, so a template with an unknown placeholder fails before anything is sent.
  checkTemplate: (template) => void fillJudgeTemplate(template, { question: '', correct: '', response: '' }),
  messagesFor: (manifest, files) => {
    const wording = wordingOf(manifest, files.manifest);
    return (line, template) => judgeMessagesFor(line, template, wording, files.results);
  },
  parseVerdict: parseJudgeVerdict,
};
