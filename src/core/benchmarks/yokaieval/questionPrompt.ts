import { type YokaiEvalRecord } from './dataset';

export type Wording = 'dataset' | 'official-results';
export const WORDINGS: readonly Wording[] = ['dataset', 'official-results'];

/** The instruction as the dataset words it, and as the official API-model runs (gpt4o.json) asked it. */
export const DATASET_INSTRUCTION = '回答を1つ選び出力しなさい。';
export const API_RUN_INSTRUCTION = '回答を1つ選び、回答のみ出力しなさい。';

export function questionInWording(question: string, wording: Wording): string {
  return wording === 'official-results' ? question.replace(DATASET_INSTRUCTION, API_RUN_INSTRUCTION) : question;
}

/** The official question prompt: the question, then each choice as "\n- choice" in stored order, no letters. */
export function renderQuestionPrompt(record: Pick<YokaiEvalRecord, 'question' | 'choices'>, wording: Wording): string {
  return questionInWording(record.question, wording) + record.choices.map((choice) => `\n- ${choice}`).join('');
}
