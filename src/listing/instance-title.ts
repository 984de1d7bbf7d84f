import { stripNumbering } from '../toc/numbering.ts';
import { stem, tokensOf } from '../text/text-match.ts';
import { isPluralNoun } from '../lexicon/plurals.ts';
import { DETERMINERS, PREPOSITIONS } from '../lexicon/english.ts';

/**
 * A title that names one instance of the noun: it ends on the noun in the singular after a name
 * of its own ("The Local Domain", "2. Control module" for "domain", "module"). A determiner or a
 * preposition before the noun makes it a title about the noun ("Structure of a Domain"); the
 * plural names a group ("2.3.1 Policy Elements").
 */
export function namesOneOf(title: string, noun: string): boolean {
  const words = tokensOf(stripNumbering(title));
  const last = words.at(-1) ?? '';
  const before = words.at(-2);
  return before !== undefined && !DETERMINERS.has(before) && !PREPOSITIONS.has(before) && stem(last) === stem(noun) && !isPluralNoun(last);
}
