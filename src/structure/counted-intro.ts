/**
 * An intro that states how many members follow: "Three exceptions include:", "18 Four
 * principles are:" (after a footnote number). The number counts the noun before the verb and the
 * colon that hands over to the members, so the list it introduces states its own size. A number
 * inside a label ("Chapter Three describes ...") or anywhere else in the sentence is no count.
 */

import { parseNumberWord } from '../lexicon/english.ts';

const COUNTED = /^(?:\d{1,3}\s+)?(\p{L}+|\d{1,3})\s+((?:\p{L}[\p{L}-]*\s+){0,2}\p{L}[\p{L}-]*s)\s+(?:include|includes|are|were|exist|follow|apply)\s*:\s*$/iu;

export function countedIntro(intro: string): { count: number; noun: string } | null {
  const m = COUNTED.exec(intro.trim());
  if (!m) return null;
  const count = parseNumberWord(m[1]!);
  return count !== null && count >= 2 ? { count, noun: m[2]! } : null;
}
