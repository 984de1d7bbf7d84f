/**
 * The question classifier was shown only the question: the item noun and scope it names must be
 * words of that question. A field that is not is rejected (and traced); the rules' reading stands.
 */

import { stem, stemOverlap, tokensOf } from '../text/text-match.ts';

export interface ClassifierReply {
  intent: 'listing' | 'count' | 'factual';
  item_noun: string | null;
  scope: string | null;
}

export interface CheckedClassifier {
  itemNoun: string | null;
  scope: string | null;
  rejected: { field: 'item_noun' | 'scope'; why: string }[];
}

export function checkClassifierReply(question: string, reply: ClassifierReply): CheckedClassifier {
  const rejected: CheckedClassifier['rejected'] = [];
  const fromQuestion = (field: 'item_noun' | 'scope', value: string | null): string | null => {
    if (value === null) return null;
    const words = tokensOf(value);
    if (words.length > 0 && words.every((w) => inQuestion(w))) return value;
    // The value itself goes to the trace as data (modelReply), never into the reason.
    rejected.push({ field, why: `the ${field} the model gave (${value.length} chars) is not made of words of the question` });
    return null;
  };
  const asked = tokensOf(question).map(stem);
  // A word of the question in another form ("exclusions" for "exclude"): same stem, or the same
  // first five letters of a long word.
  const inQuestion = (w: string) => stemOverlap(question, [w]).share === 1 || (w.length >= 6 && asked.some((q) => q.length >= 5 && q.slice(0, 5) === stem(w).slice(0, 5)));
  return { itemNoun: fromQuestion('item_noun', reply.item_noun), scope: fromQuestion('scope', reply.scope), rejected };
}
