/**
 * The sentence side of an answer type (src/question/answer-type.ts reads the type from the
 * question): whether a sentence is a definition, names a date, or states a quantity.
 */

import type { AnswerType } from '../question/answer-type.ts';
import { MONTH_NAMES } from '../lexicon/english.ts';

// Longest names first, so "September" is tried before "Sep".
const MONTHS = `(?:${[...MONTH_NAMES].sort((a, b) => b.length - a.length).join('|')})\\.?`;
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
