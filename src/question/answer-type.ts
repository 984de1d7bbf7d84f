/**
 * What kind of statement answers a question, read from the question's form alone ("what does X
 * mean" wants a sentence that defines X; "from when" wants one with a date; "how much" or "what is
 * the maximum" one with a quantity). The extractive answer uses it, with the sentence tests of
 * src/answer/sentence-type.ts, to choose among sentences that hold the question's words alike.
 */
export type AnswerType = 'definition' | 'date' | 'quantity';

const DEFINITION_QUESTION = /\bwhat\s+(?:does|do|did|is)\b[^?]*\b(?:mean|stand\s+for|signify|denote|indicate|represent)\b|\bwhat\s+is\s+meant\s+by\b|\b(?:definition|meaning)\s+of\b|\bhow\s+is\b[^?]*\bdefined\b/i;
const DATE_QUESTION = /(?:^|[,;]\s*(?:and\s+)?|\band\s+)(?:from|since|until|till|by|as\s+of)?\s*when\b|\b(?:what|which)\s+(?:date|day|year|month)\b/i;
const QUANTITY_QUESTION = /\bhow\s+(?:many|much|long|often|soon|large|big|high|far)\b|\bwhat\s+(?:is|are|was|were)\s+the\s+(?:\w+\s+){0,2}(?:maximum|minimum|number|amount|cost|rate|limit|size|length|duration|percentage|share|value|total)\b/i;

/** The answer types a question asks for, most specific first; a compound question may ask for two. */
export function answerTypes(question: string): AnswerType[] {
  const out: AnswerType[] = [];
  if (DEFINITION_QUESTION.test(question)) out.push('definition');
  if (DATE_QUESTION.test(question)) out.push('date');
  if (QUANTITY_QUESTION.test(question)) out.push('quantity');
  return out;
}
