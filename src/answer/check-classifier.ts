/**
 * The question classifier was shown only the question: the item noun and scope it names must be
 * words of that question. A field that is not is rejected (and traced); the rules' reading stands.
 */

import { stemOverlap, tokensOf } from '../route/text-match.ts';

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
    if (words.length > 0 && stemOverlap(question, words).share === 1) return value;
    rejected.push({ field, why: `${field} ${JSON.stringify(value.slice(0, 80))} is not in the question` });
    return null;
  };
  return { itemNoun: fromQuestion('item_noun', reply.item_noun), scope: fromQuestion('scope', reply.scope), rejected };
}
