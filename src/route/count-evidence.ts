import { parseNumberWord } from '../lexicon/english.ts';
import { BM25_STOPWORDS } from '../search/bm25.ts';
import { stem } from '../text/text-match.ts';

/**
 * Where a document states how many of something there are: "We combine six models ...", "within
 * 60 days". A question that asks "how many X" is answered by such a statement, whatever else its
 * sentence says; word counts alone cannot find it, since "six" is no word of the question.
 */

/** Content words a count may stand apart from its noun by ("six different models"), no more. */
export const COUNT_NOUN_GAP = 2;

/** Words and single punctuation marks, a hyphenated compound ("152-layer") kept as one word. */
const TOKEN = /[\p{L}\p{N}]+(?:[-\u2010\u2011][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu;

function isNoun(tok: string, noun: string): boolean {
  const t = tok.toLowerCase();
  const n = noun.toLowerCase();
  return t === n || t === `${n}s` || t === `${n}es` || (n.endsWith('y') && t === `${n.slice(0, -1)}ies`) || (n.length > 4 && stem(t) === stem(n));
}

/**
 * The text states a number of `noun` (singular): a cardinal ("six", "3") before the noun, with
 * at most COUNT_NOUN_GAP content words or compound modifiers between ("two 152-layer models") and
 * no punctuation. A number inside a compound ("152-layer") or before "of the models" counts nothing.
 */
export function statesCountOf(text: string, noun: string): boolean {
  const toks = [...text.matchAll(TOKEN)].map((m) => m[0]);
  for (let i = 0; i < toks.length; i++) {
    const n = parseNumberWord(toks[i]!);
    if (n === null || (n > 1900 && n < 2100)) continue; // a year counts nothing
    // "3.57 ms", "1,000": digits after a decimal point or a thousands comma end a larger figure.
    if (i >= 2 && /^[.,]$/.test(toks[i - 1]!) && /^\p{N}+$/u.test(toks[i - 2]!)) continue;
    for (let j = i + 1; j <= i + 1 + COUNT_NOUN_GAP && j < toks.length; j++) {
      const t = toks[j]!;
      if (isNoun(t, noun)) return true;
      // A compound modifier ("two 152-layer models") may stand between; a function word may not.
      const modifier = /^\p{L}/u.test(t) || /^\p{N}+[-\u2010\u2011]\p{L}/u.test(t);
      if (!modifier || BM25_STOPWORDS.has(t.toLowerCase())) break;
    }
  }
  return false;
}
