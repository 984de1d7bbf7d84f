/**
 * An intro that states how many members follow: "Three exceptions include:", "18 Four
 * principles are:" (after a footnote number). The number counts the noun before the verb and the
 * colon that hands over to the members, so the list it introduces states its own size. A number
 * inside a label ("Chapter Three describes ...") or anywhere else in the sentence is no count.
 * An intro may also open with its count and hand the members to paragraphs of their own ("Three
 * types of response should be provided ...:"; see counted-paragraphs.ts): `countedNoun`.
 */

import { CLASSIFIER_WORDS, parseNumberWord } from '../lexicon/english.ts';

const COUNTED = /^(?:\d{1,3}\s+)?(\p{L}+|\d{1,3})\s+((?:\p{L}[\p{L}-]*\s+){0,2}\p{L}[\p{L}-]*s)\s+(?:include|includes|are|were|exist|follow|apply)\s*:\s*$/iu;

export function countedIntro(intro: string): { count: number; noun: string } | null {
  const m = COUNTED.exec(intro.trim());
  if (!m) return null;
  const count = parseNumberWord(m[1]!);
  return count !== null && count >= 2 ? { count, noun: m[2]! } : null;
}

/** "Three types of response ...:", "There are two modes ...:", "The four stages ...:": the count opens the sentence. */
const COUNTED_OPENING = /^(?:there\s+are\s+|the\s+)?(\p{L}+|\d{1,2})\s+((?:\p{L}[\p{L}-]*\s+){0,2}?\p{L}[\p{L}-]*)(?:\s+of\s+(\p{L}[\p{L}-]*))?\b/iu;

/** The intro's count and the noun its members are named by, when the sentence opens with a count. */
export function countedNoun(sentence: string): { count: number; noun: string } | null {
  const m = COUNTED_OPENING.exec(sentence.trim());
  if (!m) return null;
  const count = parseNumberWord(m[1]!);
  if (count === null || count < 2 || count > 12) return null;
  const head = m[2]!.split(/\s+/).at(-1)!.toLowerCase();
  // "Three types of response": the members are responses; "four stages": stages.
  const noun = CLASSIFIER_WORDS.has(head) && m[3] ? m[3].toLowerCase() : head;
  return noun.length >= 3 ? { count, noun } : null;
}
