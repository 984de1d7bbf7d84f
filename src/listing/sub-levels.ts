/**
 * The level below a list, as one list: "Implement a secure lifecycle" over "o OWASP CLASP Project",
 * "Establish coding standards" over "o OWASP Development Guide Project" … The nested items of one
 * list, read across its items, are a list of their own (the resources each practice points to),
 * and a question may ask for that level ("which projects does it recommend?"). Each nested list
 * alone may be too short to be a candidate; together they are one, ranked like any other.
 */

import type { StoredList } from './candidates.ts';

/** Nested items needed, over at least this many parent items, for a level to be a list. */
const MIN_PARENTS = 2;

/** Ids of the pseudo-lists: below every stored id and every other pseudo-list's (-1, -2 …). */
const SUB_LEVEL_ID_BASE = -1_000_000;

export function subLevelLists(lists: StoredList[]): StoredList[] {
  const out: StoredList[] = [];
  // Only lists nested in an item: a part of a list (no parent item) is that list's own level.
  const nested = new Map<number, StoredList[]>();
  for (const x of lists) if (x.parentList !== null && x.parentItem !== null) nested.set(x.parentList, [...(nested.get(x.parentList) ?? []), x]);
  for (const l of lists) {
    const below = (nested.get(l.id) ?? []).sort((a, b) => a.parentItem! - b.parentItem! || a.id - b.id);
    const parents = new Set(below.map((x) => x.parentItem));
    if (parents.size < MIN_PARENTS) continue;
    // One marker style for the whole level: "(a)" points under one item and bullets under
    // another are not one list.
    if (new Set(below.map((x) => x.kind)).size > 1) continue;
    const items = below.flatMap((x) => x.items).map((it, n) => ({ ...it, ordinal: n + 1 }));
    out.push({
      id: SUB_LEVEL_ID_BASE - l.id,
      subLevelOf: l.id,
      // It sits where its parent list sits: the same heading, section and introduction speak for it.
      parentList: l.parentList,
      parentItem: l.parentItem,
      depth: l.depth + 1,
      kind: below[0]!.kind,
      sectionId: l.sectionId,
      heading: l.heading,
      intro: l.intro,
      lead: l.lead ?? null,
      itemCount: items.length,
      // Items gathered from several lists are in order but not one numbered run.
      sequential: below.length === 1 ? below[0]!.sequential : false,
      endedBy: l.endedBy,
      gapAfter: below.some((x) => x.gapAfter),
      pageStart: Math.min(...below.map((x) => x.pageStart)),
      pageEnd: Math.max(...below.map((x) => x.pageEnd)),
      sectionPath: l.sectionPath,
      items,
    });
  }
  return out;
}
