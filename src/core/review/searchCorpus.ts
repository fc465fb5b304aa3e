import { type ItemAdjudication } from '../adjudication/itemAdjudication';
import { itemSearchText } from './itemViews';
import { type ReviewModel } from './reviewModel';
import { foldText, matchesItem, queryTerms } from './textFold';

/** Each item's folded search text (notes apart), read from the results once, on the first search. */
export class SearchCorpus {
  private corpus: Map<string, string> | undefined;

  /**
   * The ids, in dataset order, of the items whose texts (question, choices, answers, references, gloss,
   * notes), id or position match every word of the query, folded as the list folds them.
   */
  search(model: ReviewModel, query: string, adjudicationOf: (itemId: string) => ItemAdjudication | undefined): string[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const corpus = this.corpusOf(model);
    const matches: string[] = [];
    model.manifest.dataset.itemIds.forEach((id, index) => {
      let text = corpus.get(id);
      if (text === undefined) {
        text = foldText(itemSearchText(model.results.readLine(id), model.view));
        corpus.set(id, text);
      }
      const notes =
        adjudicationOf(id)
          ?.annotators.filter((a) => a.state.note !== '')
          .map((a) => foldText(a.state.note)) ?? [];
      if (matchesItem(notes.length === 0 ? text : [text, ...notes].join('\n'), id, index, terms)) matches.push(id);
    });
    return matches;
  }

  /** Forgets the texts of these items (their result changed), or of every item. */
  forget(itemIds: readonly string[] | 'all'): void {
    if (itemIds === 'all') this.corpus = undefined;
    else for (const id of itemIds) this.corpus?.delete(id);
  }

  private corpusOf(model: ReviewModel): Map<string, string> {
    if (this.corpus !== undefined) return this.corpus;
    const corpus = new Map<string, string>();
    model.results.forEachLine((line) => corpus.set(line.itemId, foldText(itemSearchText(line, model.view))));
    this.corpus = corpus;
    return corpus;
  }
}
