/**
 * An overview list whose members each have a section of their own names them twice: "Prepare
 * ..., Categorize ..., Select ..." in the overview, "3.1 PREPARE", "3.2 CATEGORIZE", "3.3 SELECT"
 * as the sections after it. When the list's labels are, one to one, all the sub-entries of one
 * TOC entry, each item is that section: it answers to its label and its heading, and is cited at
 * its heading (where the member is described, and where a reader goes next) and at the overview
 * line, whose quote keeps the overview's words. The list is then closed twice over: its own
 * boundary and the sibling set, which the verdict's reason records.
 *
 * Only labels short enough to be a title are compared (a label is a sentence's opening words
 * when the list has no lead-ins), and only whole titles: the words of the label, stemmed, are
 * the words of the title without its number. A set that names fewer or more entries than the
 * list has items is not the same set.
 */

import { routableEntries, type RoutableEntry } from '../sql/routable-entries.ts';
import { isCaptionTitle, parseNumbering, stripNumbering } from '../toc/numbering.ts';
import { stem, tokensOf } from '../text/text-match.ts';
import { citeEntries } from './strategies/structure.ts';
import type { Candidate, StrategyContext } from './strategy-types.ts';

/** A title is a few words; a longer label is a sentence's opening, not a name a heading repeats. */
const MAX_TITLE_WORDS = 6;

export interface SectionsOfItems {
  parent: string;
  items: Candidate[];
}

export async function sectionsOfItems(ctx: StrategyContext, items: Candidate[]): Promise<SectionsOfItems | null> {
  if (items.length < 2) return null;
  const keys = items.map((i) => titleKey(i.name));
  if (keys.some((k) => !k || k.split(' ').length > MAX_TITLE_WORDS) || new Set(keys).size !== keys.length) return null;
  const entries = await routableEntries(ctx.db, ctx.documentId);
  const byParent = new Map<number | null, RoutableEntry[]>();
  // A table's or figure's entry among the sections ("TABLE 1: PREPARE TASKS") floats, as a
  // caption does in a list: it is no section of the set.
  for (const e of entries) if (!isCaptionTitle(e.title)) byParent.set(e.parentId, [...(byParent.get(e.parentId) ?? []), e]);
  for (const [parentId, all] of byParent) {
    if (parentId === null || all.length < items.length) continue;
    const byKey = new Map(all.map((c) => [titleKey(c.title), c]));
    if (!keys.every((k) => byKey.has(k))) continue;
    const matched = keys.map((k) => byKey.get(k)!);
    // Numbered sections are a set of their own ("3.1" ... "3.7"): the unnumbered boxes and
    // sidebars beside them are not members. Unnumbered sections are all of the parent's.
    const family = sharedFamily(matched);
    const members = family ? all.filter((c) => parseNumbering(c.title)[0]?.family === family) : all;
    if (members.length !== items.length || new Set(matched).size !== items.length || (family && !consecutive(members))) continue;
    const parent = entries.find((e) => e.id === parentId);
    // Each heading cited at its line on its page, as the structure strategy cites sections.
    const headings = await citeEntries(ctx, matched);
    if (headings.length !== items.length) continue;
    const named = items.map((item, n) => ({
      ...item,
      surfaceForms: [...new Set([item.name, headings[n]!.name])],
      citations: [...item.citations.slice(0, 1), ...headings[n]!.citations],
    }));
    return { parent: parent?.title.replace(/\s+/g, ' ').trim() ?? '', items: named };
  }
  return null;
}

/** A title's words without its number, stemmed and in order: "3.3 SELECT" and "Select" agree. */
function titleKey(title: string): string {
  return tokensOf(stripNumbering(title)).map(stem).join(' ');
}

/** The numbering family every entry's number belongs to ("decimal:3" for 3.1 ... 3.7), if one. */
function sharedFamily(entries: RoutableEntry[]): string | null {
  const families = new Set(entries.map((e) => parseNumbering(e.title)[0]?.family ?? null));
  const [only] = families;
  return families.size === 1 && only ? only : null;
}

/** Numbers run n, n+1, ... without a gap. */
function consecutive(entries: RoutableEntry[]): boolean {
  const values = entries.map((e) => parseNumbering(e.title)[0]?.value ?? null);
  return values.every((v, i) => v !== null && (i === 0 || v === values[i - 1]! + 1));
}
