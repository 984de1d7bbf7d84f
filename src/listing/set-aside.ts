import { stem, tokensOf } from '../text/text-match.ts';

/**
 * Whether a section title is what the question sets aside ("leave out the imported PostScript
 * page device parameters" drops "4.17 PostScript Page Device Parameters"). One shared word is
 * chance ("page" in "PageSize" is no match, nor in "Page layout"); two of the set-aside words, or
 * the only one there is, name the part.
 */
export function isSetAside(title: string, excluded: readonly string[]): boolean {
  const aside = [...new Set(excluded.map(stem))];
  if (!aside.length) return false;
  const words = new Set(tokensOf(title).map(stem));
  return aside.filter((x) => words.has(x)).length >= Math.min(2, aside.length);
}
