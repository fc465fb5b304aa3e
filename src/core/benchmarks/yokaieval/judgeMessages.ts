import * as z from 'zod';
import { YokaiEvalRecordSchema } from './dataset';
import { fillJudgeTemplate } from './judgePrompt';
import { type Wording, renderQuestionPrompt } from './questionPrompt';
import { type ChatMessage } from '../../model/chatClient';
import { type RunManifest } from '../../runs/runManifest';
import { type ResultLine } from '../../runs/resultLine';
import { InputError } from '../../util/errors';
import { firstIssue } from '../../util/zodIssues';

const JudgedInputs = YokaiEvalRecordSchema.pick({ question: true, choices: true, answer: true });
const WordingSettings = z.looseObject({ wording: z.enum(['dataset', 'official-results']) });

/** The question wording a YokaiEval run used (run.json settings.wording). */
export function wordingOf(manifest: RunManifest, file: string): Wording {
  const parsed = WordingSettings.safeParse(manifest.settings);
  if (!parsed.success) throw new InputError({ file, field: 'settings.wording' }, 'expected "dataset" or "official-results"');
  return parsed.data.wording;
}

/** The judge's messages for a result line, filled from a template as the run does (one user message). */
export function judgeMessagesFor(line: ResultLine, template: string, wording: Wording, file: string): ChatMessage[] {
  const inputs = JudgedInputs.safeParse(line.inputs);
  if (!inputs.success) {
    const { field, message } = firstIssue(inputs.error);
    throw new InputError({ file, field: `inputs.${field}` }, `item ${line.itemId}: ${message}`);
  }
  const question = renderQuestionPrompt(inputs.data, wording);
  return [{ role: 'user', content: fillJudgeTemplate(template, { question, correct: inputs.data.answer, response: line.response ?? '' }) }];
}
