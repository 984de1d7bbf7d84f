/**
 * Headings can split the codes under one section into runs ("Basic Security Requirements" over
 * 3.14.1-3.14.3, "Derived Security Requirements" over 3.14.4-3.14.7): the structure model records
 * each code's run heading. A question that names one run by the word its heading does not share
 * with the others ("which derived requirements ...") asks for that run's codes only.
 *
 * Held to a clear reading: every code has a run heading, the headings share the item noun (they
 * are runs of the things asked for, not a "Discussion" over prose), and exactly one heading's own
 * words meet the question.
 */

import { stem, tokensOf } from '../text/text-match.ts';

export interface AskedRun {
  heading: string;
  /** Indexes of the codes in that run. */
  members: number[];
}

export function askedRun(question: string, itemNoun: string | null, headings: (string | null)[]): AskedRun | null {
  const noun = tokensOf(itemNoun ?? '').at(-1);
  if (!noun || headings.length < 2 || headings.some((h) => !h)) return null;
  const distinct = [...new Set(headings as string[])];
  if (distinct.length < 2) return null;
  const words = distinct.map((h) => new Set(tokensOf(h).map(stem)));
  const shared = [...words[0]!].filter((w) => words.every((s) => s.has(w)));
  if (!shared.includes(stem(noun))) return null;
  const asked = new Set(tokensOf(question).map(stem));
  const named = distinct.filter((_, k) => [...words[k]!].some((w) => !shared.includes(w) && asked.has(w)));
  if (named.length !== 1) return null;
  const heading = named[0]!;
  return { heading, members: headings.flatMap((h, i) => (h === heading ? [i] : [])) };
}
