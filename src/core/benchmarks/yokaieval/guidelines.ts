/** The annotation guidelines that ship for YokaiEval (Markdown), shown from the review panel (key g) unless the team sets its own file. */
export const YOKAIEVAL_GUIDELINES = `# YokaiEval: annotation guidelines

You are checking the LLM judge. For each item you see a four-choice question about Japanese folklore (yōkai),
the gold answer, the model's reply, and the judge's verdict. Your verdict says **whether the model's reply
picks the gold answer**, by the same rules the judge was given (\`judge_prompt.txt\` of the official repository;
open it from the panel's *Judge prompt* button).

These are the defaults that ship with Eval Adjudicator. A team can point the setting
\`evalAdjudicator.guidelinesFile\` at its own file.

## The three verdicts

| key | verdict | when |
| --- | --- | --- |
| \`t\` | **true** | The reply answers with the gold choice, in any form: the bare text, a sentence that commits to it, the choice with a number or a letter, a close paraphrase that can only mean that choice. |
| \`f\` | **false** | The reply commits to another choice. |
| \`n\` | **null** | The reply gives no answer: a refusal, "I don't know", an answer that matches none of the choices, an empty reply, or **two or more choices** at once. |
| \`s\` | no decision | You cannot tell (see *When to skip*). It records that you looked, without a verdict. |

Decide on the reply as written, not on what the model probably meant.

### Examples

Question: アマビエが予言したとされる特徴的な内容の一つは何だとされていることが多いでしょうか？
Choices: 豊作が続く / 人々が幸せになる / **疫病が流行する** / 海が荒れる

- 「疫病が流行する」 → **true**
- 「アマビエは疫病の流行を予言したと伝えられています。」 → **true** (a paraphrase that can only be that choice)
- 「3. 疫病が流行する」 → **true** (numbering does not matter)
- 「海が荒れる」 → **false**
- 「疫病が流行する、または海が荒れる」 → **null** (two choices)
- 「申し訳ありませんが、わかりません。」 → **null**
- 「災害が起きる」 → **null** (not one of the choices, and not clearly the gold one)

A hedge still counts when the reply finally commits: 「情報は少ないですが、仮に選ぶなら『足が三本ある』」 is the choice
「足が三本ある」 (the official judge prompt's first example says **true**).

When the reply repeats the whole question and the four choices before answering (the official prompt's third
example), judge only the answer it gives after them.

## Reading Japanese you only half read

- The English gloss under the question comes from the repository's \`works/YokaiEval-en.csv\` (the authors'
  translation, made before manual filtering). Use it to understand the question; **decide on the Japanese
  choices**, since the translation sometimes reorders or rewords them.
- Match the reply against the choice texts, character by character if needed: the panel's search (\`/\`)
  highlights a choice's text wherever it occurs, and matches hiragana and katakana alike.
- A choice contained in a longer one (「鬼」 inside 「鬼火」) is not an answer for the shorter one.

## Flags: cultural hallucinations (\`h\`, then a digit)

Flag what the reply *says* beyond the choice, whatever your verdict:

1. **Invented entity**: a yōkai, legend, book or place that does not exist (e.g. claims 「あすこここ」 is
   described in the 『日本妖怪大事典』 with a page number).
2. **Wrong region or period**: a real yōkai placed in the wrong region or era (e.g. イワポソインカラ, an Ainu
   legend of Hokkaidō, said to be "from Iwate").
3. **Cross-cultural conflation**: Japanese folklore mixed with another tradition (e.g. the kappa described
   as a Chinese water dragon, an oni treated as a Western demon).
4. **Other**: anything else worth a second look, an answer garbled by translation among them (a romanized
   or English name that names a different yōkai); say what in the note.

The sources beside the question (its Wikipedia article and the references it cites; links ask before they
open) are there to check such claims.

## Notes (\`e\`)

One line that lets an adjudicator follow you: "answers 空家 after two paragraphs", "picks two choices",
"gold looks wrong: the article says …". A note on the *item* (a wrong gold answer, an ambiguous question)
is as useful as one on the reply.

## When to skip (\`s\`)

- You cannot read the reply well enough to tell which choice it commits to.
- The gold answer itself looks wrong or the question is ambiguous: skip, flag *Other* and write why.
- The reply is cut off before it commits (the model's 128 or 200 tokens ran out).

## Blind mode (\`b\`)

With blind mode on, the judge's verdict and reply stay hidden until you decide; your decision records that it
was blind. Use it for the validation sample, so that agreement figures are not inflated by anchoring.
`;
