// The default chat script: a judge for filled YokaiEval judge prompts, and a deterministic scripted model
// for everything else.
import { parseFilledJudgePrompt, questionChoices } from './judgeTemplate';
import { fnv1a32, mulberry32 } from './rng';
import type { ChatRequestInfo, ContentReply } from './types';

export type JudgeVerdictText = 'true' | 'false' | 'null';

/**
 * The default judge's verdict: "true" when the response contains the correct answer, "false" when it
 * contains another choice, "null" otherwise. A choice found only inside a longer choice that the response
 * also contains does not count (so "鬼火" is not read as "鬼").
 */
export function judgeVerdict(question: string, correct: string, response: string): JudgeVerdictText {
  const choices = questionChoices(question);
  const candidates = choices.includes(correct) ? choices : [...choices, correct];
  const found = candidates.filter((c) => c.length > 0 && response.includes(c));
  const standalone = found.filter((c) => !found.some((other) => other !== c && other.includes(c)));
  if (correct.length > 0 && standalone.includes(correct)) return 'true';
  return standalone.length > 0 ? 'false' : 'null';
}

/** The judge reply for a chat request whose last user message is a filled judge prompt, else null. */
export function judgeReply(req: ChatRequestInfo, template: string | null): ContentReply | null {
  if (template === null) return null;
  const fields = parseFilledJudgePrompt(req.userText, template);
  if (fields === null) return null;
  return { content: judgeVerdict(fields.question, fields.correct, fields.response) };
}

const ODD_REPLIES = ['わかりません。', '申し訳ありませんが、この質問にはお答えできません。', '選択肢の中に正しいものはないと思います。'];

/**
 * The scripted model's answer to a rendered YokaiEval question (question, then "- choice" lines).
 * By a hash of (seed, question): 10% an answer without any choice, 15% a choice wrapped in prose, else
 * the bare choice text.
 */
export function modelAnswerToQuestion(question: string, seed: number): string | null {
  const choices = questionChoices(question);
  if (choices.length < 2) return null;
  const rand = mulberry32(fnv1a32(question, fnv1a32(`model:${seed}`)));
  const kind = rand();
  const choice = choices[Math.floor(rand() * choices.length)] ?? '';
  if (kind < 0.1) return ODD_REPLIES[Math.floor(rand() * ODD_REPLIES.length)] ?? '';
  if (kind < 0.25) return `この妖怪についての伝承から考えると、答えは「${choice}」だと思います。`;
  return choice;
}

const OPENERS = ['Sa tingin ko,', 'Sa aking palagay,', 'Ayon sa kaugalian,', 'Mahalaga na', 'Dapat mong'];
const CLOSERS = ['ito ang tamang gawin.', 'iyon ang nararapat.', 'makabubuti ito sa lahat.', 'at igalang ang pamilya.'];

/**
 * A deterministic Filipino-looking sentence built from the prompt's own words (a hash-chosen opener, 6 to
 * 14 words of the prompt in a hash-chosen order, a closer), so similarity metrics vary between prompts.
 */
export function filipinoReply(prompt: string, seed: number): string {
  const rand = mulberry32(fnv1a32(prompt, fnv1a32(`fil:${seed}`)));
  const words = prompt.match(/[\p{L}\p{N}'-]+/gu) ?? [];
  const pick = (list: readonly string[]): string => list[Math.floor(rand() * list.length)] ?? '';
  const count = words.length === 0 ? 0 : 6 + Math.floor(rand() * 9);
  const chosen: string[] = [];
  for (let i = 0; i < count; i++) chosen.push(pick(words).toLowerCase());
  return [pick(OPENERS), ...chosen, pick(CLOSERS)].join(' ');
}

/** The default script: judge if the prompt is a filled judge prompt, else the scripted model. */
export function defaultChatReply(req: ChatRequestInfo, opts: { judgeTemplate: string | null; modelSeed: number }): ContentReply {
  const judged = judgeReply(req, opts.judgeTemplate);
  if (judged !== null) return judged;
  const answer = modelAnswerToQuestion(req.userText, opts.modelSeed);
  if (answer !== null) return { content: answer };
  return { content: filipinoReply(req.userText, opts.modelSeed) };
}
