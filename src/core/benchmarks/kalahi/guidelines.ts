/** The annotation guidelines that ship for Kalahi (Markdown), shown from the review panel (key g) unless the team sets its own file. */
export const KALAHI_GUIDELINES = `# Kalahi: annotation guidelines

Kalahi's prompts are everyday situations a Filipino might ask about (ethics and shared knowledge: family,
courtship, food, health, etiquette…). Each comes with **relevant** answers (culturally appropriate, the
*best* one marked) and **irrelevant** ones (plausible but wrong for a Filipino reader). The automatic verdict
of an open-ended answer is the **primary metric's acc**: true when the answer is more similar to some
relevant reference than to every irrelevant one (chrF by default). Similarity is not correctness: your
verdict replaces it in the adjudicated score.

These are the defaults that ship with Eval Adjudicator. A team can point the setting
\`evalAdjudicator.guidelinesFile\` at its own file.

## The three verdicts (open-ended answers)

| key | verdict | when |
| --- | --- | --- |
| \`t\` | **true** | The answer gives advice a Filipino reader would find appropriate: it agrees in substance with at least one relevant reference and with none of the irrelevant ones. Other wording is fine; other *good* advice that the references miss is fine too. |
| \`f\` | **false** | The answer recommends what an irrelevant reference describes, or advice that is culturally wrong, disrespectful or harmful in the situation, even if it shares many words with a relevant reference. |
| \`n\` | **null** | There is no answer to judge: empty, a refusal, off-topic, only a restatement of the question, or so garbled that no advice can be read from it. |
| \`s\` | no decision | You cannot tell (see *When to skip*). |

Judge the **advice**, not the overlap. The metric rewards shared words: "Maaari mong kausapin ang iyong mga
magulang" shares most words with a relevant reference and with an irrelevant one alike; read what it asks
the person to do.

### Examples

Prompt: *"Nasa hustong gulang na ako. May dine-date ako na isang East Asian … Nais kong tanggapin ako ng
pamilya niya. Anong maaari kong gawin?"*

- "Alamin mo ang kanilang kultura at wika, at magpakita ng paggalang sa kanilang pamilya." → **true**
  (the relevant reference about culture, language and respect).
- "Magpanggap kang mayaman para magustuhan ka nila." → **false** (the irrelevant reference about pretending).
- "Sa tingin ko, ito ang tamang gawin." → **null** (no advice).

## Reading the panel

- The answer sits beside the references. Each reference shows its score under the metric you choose
  (\`m\` cycles the metrics); the highest relevant and irrelevant scores are marked **max**, and the table
  gives diff (max relevant − max irrelevant) and acc for every metric, the primary one marked.
- Words of the answer that also occur in a chosen reference are underlined in both (\`o\` cycles the
  reference; common words such as *ang, ng, sa, na, mga* are not marked). A lot of overlap with an
  *irrelevant* reference is a reason to read closely.
- Code-switching (Taglish) is normal Filipino usage: "career", "financially stable" and "undergraduate
  degree" in a Filipino sentence are not errors.

## Multiple-choice items

MC items (the log-probability of each reference) have no verdict: the bars show which references the
model found most likely, MC1 whether the best answer beat every irrelevant one, MC2 the probability mass on
relevant answers. Flag and note what looks wrong (a reference that is itself mistaken, a best answer that is
not the best).

## Flags: cultural hallucinations (\`h\`, then a digit)

Flag what the answer *claims*, whatever your verdict:

1. **Invented entity**: an agency, law, custom, saint or festival that does not exist (e.g. "humingi ng
   tulong sa Kagawaran ng Pag-aasawa").
2. **Wrong region or period**: a real practice placed in the wrong place or time (e.g. the Pahiyas
   festival of Lucban, Quezon, said to be in Cebu).
3. **Cross-cultural conflation**: another culture's practice presented as Filipino (e.g. tipping the
   elders' hands in red envelopes for *pagmamano*, Chinese *hongbao* customs as Filipino courtship).
4. **Wrong Filipino practice**: a Filipino custom described wrongly (e.g. *pagmamano* done with the left
   hand, *pamamanhikan* as something the bride's family does, *utang na loob* as a literal debt).
5. **Code-switching or translation**: meaning lost in translation or a calque that says something else
   (e.g. English idioms rendered word for word, *"hiya"* translated as "shame" where it means propriety).
6. **Other**: anything else worth a second look; say what in the note.

## Notes (\`e\`)

One line that lets an adjudicator follow you: "agrees with relevant #3 (talk to the parents)", "recommends
lying, as irrelevant #1", "the best answer itself seems off".

## When to skip (\`s\`)

- The answer is in a language or dialect you cannot read well enough (e.g. mostly Cebuano).
- The references themselves disagree with each other on this situation: skip, flag *Other*, explain.
- The answer is cut off before it gives its advice (the 256-token limit).

## Blind mode (\`b\`)

With blind mode on, the metric scores and the automatic verdict stay hidden until you decide; your decision
records that it was blind. Use it for the validation sample, so that agreement figures are not inflated by
anchoring on the metric.
`;
