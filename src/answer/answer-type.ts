/**
 * What kind of statement answers a question, read from the question's form alone ("what does X
 * mean" wants a sentence that defines X; "from when" wants one with a date; "how much" or "what is
 * the maximum" one with a quantity), and the matching test of a sentence. The extractive answer
 * uses it to choose among sentences that hold the question's words alike.
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

const MONTHS = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?';
const DATE = new RegExp(
  [
    `\\b\\d{1,2}\\s+${MONTHS}\\s+\\d{4}\\b`, // 2 August 2026
    `\\b${MONTHS}\\s+\\d{1,2},?\\s+\\d{4}\\b`, // August 2, 2026
    `\\b${MONTHS}\\s+\\d{4}\\b`, // August 2026
    '\\b\\d{4}-\\d{2}-\\d{2}\\b', // 2026-08-02
    '\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b', // 8/2/2026
  ].join('|'),
  'i',
);

/** A sentence that names a calendar date. */
export function hasDate(text: string): boolean {
  return DATE.test(text);
}

/** A sentence that states a quantity: a number that is not only a list marker or a reference. */
export function hasQuantity(text: string): boolean {
  return /\d/.test(text.replace(/^\s*\(?[\dA-Za-z]{1,3}[.)]\s+/, '').replace(/\[\d+(?:[,–-]\s*\d+)*\]/g, ''));
}

/** A sentence that defines or glosses its subject ("X means", "X indicates that", "X refers to"). */
export function defines(text: string): boolean {
  return /\b(?:means|mean|indicates?|denotes?|signif(?:y|ies)|stands?\s+for|refers?\s+to|is\s+defined\s+as|are\s+defined\s+as|is\s+used\s+to\s+(?:mark|show|indicate))\b/i.test(text);
}

/** Whether a sentence is of the type asked for. */
export function isOfType(text: string, t: AnswerType): boolean {
  return t === 'definition' ? defines(text) : t === 'date' ? hasDate(text) : hasQuantity(text);
}
