/**
 * A question that joins two item nouns asks for two lists: "Which X protocol requests and Xlib
 * functions have to support the conventions?" over "The following X protocol requests must
 * support ...:" and, right after that list, "In addition, the following Xlib functions must
 * support ...:". The best-ranked list answers one noun; the list beside it, in the same section,
 * whose intro names the other noun (and not the first), answers the other. Both are the answer,
 * in the document's order.
 */

import { isPluralNoun } from '../lexicon/plurals.ts';
import { stem, tokensOf } from '../text/text-match.ts';
import type { RankedList, StoredList } from './candidates.ts';

/** The two nouns a phrase joins with "and" ("X protocol requests and Xlib functions"); null for one noun. */
export function conjoinedNouns(phrase: string | null): [string, string] | null {
  const parts = (phrase ?? '').split(/\s+and\s+/);
  if (parts.length !== 2) return null;
  const heads = parts.map((p) => p.trim().split(/\s+/).at(-1) ?? '');
  if (!heads.every((h) => isPluralNoun(h)) || stem(heads[0]!.toLowerCase()) === stem(heads[1]!.toLowerCase())) return null;
  return [stem(heads[0]!.toLowerCase()), stem(heads[1]!.toLowerCase())];
}

/** The list beside `top` that answers the other joined noun, or null. */
export function conjoinedPartner(top: RankedList, ranked: RankedList[], phrase: string | null): StoredList | null {
  const nouns = conjoinedNouns(phrase);
  if (!nouns) return null;
  const names = (l: StoredList) => new Set(tokensOf(l.intro ?? '').map(stem));
  const own = names(top.list);
  const [mine, other] = own.has(nouns[0]) && !own.has(nouns[1]) ? nouns : own.has(nouns[1]) && !own.has(nouns[0]) ? [nouns[1], nouns[0]] : [null, null];
  if (!mine || !other) return null;
  const partner = ranked.find((r) => {
    const l = r.list;
    if (l === top.list || l.id < 0 || Math.abs(l.id - top.list.id) !== 1 || l.sectionId !== top.list.sectionId || l.depth !== top.list.depth) return false;
    const n = names(l);
    return (r.features.introduced ?? 0) > 0 && n.has(other) && !n.has(mine);
  });
  return partner?.list ?? null;
}
