/**
 * Sibling sections as candidate lists: every entry below the routed one that has sub-entries
 * offers them as a list, ranked like any list of the structure model. The routed entry's own
 * sub-entries are the structure strategy's answer; the levels under it compete too, so a question
 * about "the improvements to the MS COCO system in the appendix on detection improvements" can be
 * answered by the run-in sections under "MS COCO" when routing stopped at the appendix.
 */

import type { StoredList } from './candidates.ts';
import type { Candidate, StrategyContext } from './strategy-types.ts';
import { citeEntries } from './strategies/structure.ts';
import { tocLevel, type TocNode } from '../sql/toc-level.ts';
import { isCaptionTitle } from '../toc/numbering.ts';
import { stem } from '../text/text-match.ts';
import { titleNamedBy } from '../route/score-entry.ts';
import { namesOneOf } from './instance-title.ts';

/** How many levels below the routed entry are read, and how many entries at most. */
const MAX_DEPTH = 2;
const MAX_ENTRIES = 60;

export interface SectionSet {
  list: StoredList;
  items: Candidate[];
  parent: TocNode;
  /** The routed leaf's own set, read beside routing: it may be the answer, never proven whole. */
  beside?: boolean;
  /** The sections around the routed leaf that the item noun titles: the members, named as such. */
  nounTitled?: boolean;
}

export async function sectionSets(ctx: StrategyContext, lists: StoredList[]): Promise<SectionSet[]> {
  const root = ctx.routed.entry;
  if (!root) return [];
  if (root.childCount === 0) return leafSiblings(ctx, root, lists);
  const path = ctx.routed.path.map((p) => p.title);
  const out: SectionSet[] = [];
  let seen = 0;
  // Breadth first from the routed entry's children: each entry with sub-entries is one set.
  let level: { node: TocNode; path: string[] }[] = (await tocLevel(ctx.db, ctx.documentId, root.id, [])).map((node) => ({ node, path }));
  for (let depth = 1; depth <= MAX_DEPTH && level.length && seen < MAX_ENTRIES; depth++) {
    const next: typeof level = [];
    for (const { node, path: above } of level) {
      if (++seen > MAX_ENTRIES) break;
      if (node.childCount < 2) continue;
      const children = await tocLevel(ctx.db, ctx.documentId, node.id, []);
      const items = await citeEntries(ctx, children);
      if (items.length >= 2) out.push({ list: entriesAsList(node.title, node.id, [...above, node.title].join(' > '), items, -(out.length + 2)), items, parent: node });
      next.push(...children.map((c) => ({ node: c, path: [...above, node.title] })));
    }
    level = next;
  }
  return out;
}

/**
 * Routing that ends on a leaf may have gone one step past the list: "4.1.5.2 Service time" for
 * what a service level agreement covers, when "4.1.5 Content of the Service Level Agreement"
 * holds that leaf and its ten siblings. The parent's sub-entries, the leaf among them, are the
 * set routing reached; they compete as any list does. A leaf that holds a list of its own
 * ("2.3.1 Policy Elements" and its eight elements) is where the list is: its siblings are not
 * offered. Read beside routing, the set never proves itself whole.
 */
async function leafSiblings(ctx: StrategyContext, leaf: TocNode, lists: StoredList[]): Promise<SectionSet[]> {
  // A table's or figure's entry is a float, not a section: its siblings are no set it stepped into.
  if (isCaptionTitle(leaf.title)) return [];
  const own = lists.filter((l) => l.sectionId === leaf.id && l.items.length >= 2);
  // A leaf that sets out a marked list of its own is where the list is (a series in its prose
  // is not: "It includes the defaults, the settings and the caches").
  if (own.some((l) => l.kind !== 'series')) return [];
  // A leaf the question names whole ("receiver commands" for "1.3 Receiver Commands") is the
  // container asked about, not one of a set: its siblings are other containers. So is a leaf
  // holding a list of its own.
  const container = own.length > 0 || titleNamedBy(leaf.title, ctx.question);
  const at = ctx.routed.path.findIndex((p) => p.id === leaf.id);
  const parent = at > 0 ? ctx.routed.path[at - 1] : undefined;
  const siblings = (await tocLevel(ctx.db, ctx.documentId, parent?.id ?? null, [])).filter((c) => !isCaptionTitle(c.title));
  const above = ctx.routed.path.slice(0, Math.max(0, at)).map((p) => p.title);
  const out: SectionSet[] = [];
  // The siblings titled by instances of the item noun around the leaf ("1.1 The System Domain" ...
  // "1.4 The Users Domain" before "1.5 Structure of a Domain"): the members, named as such,
  // among sections about other things, whether or not the leaf is a container (the question that
  // names the leaf's title names the noun). At the top level of the contents, the only set offered.
  const run = nounTitledRun(siblings, leaf.id, ctx.u.itemNounSingular);
  if (run.length >= 2 && run.length < siblings.length) {
    const items = await citeEntries(ctx, run);
    if (items.length >= 2) out.push({ list: entriesAsList(parent?.title ?? '', parent?.id ?? null, above.join(' > '), items, -3), items, parent: parent ?? leaf, beside: true, nounTitled: true });
  }
  if (container || !parent || parent.childCount < 2) return out;
  const items = await citeEntries(ctx, siblings);
  if (items.length < 2) return out;
  return [{ list: entriesAsList(parent.title, parent.id, above.join(' > '), items, -2), items, parent, beside: true }, ...out];
}

/**
 * The consecutive entries around `leafId` whose titles end on the item noun after a name of
 * their own ("The Local Domain" for "domain"); none when the leaf's title does not.
 */
function nounTitledRun(entries: TocNode[], leafId: number, noun: string | null): TocNode[] {
  if (!noun || !stem(noun)) return [];
  const titled = (e: TocNode) => namesOneOf(e.title, noun);
  const at = entries.findIndex((e) => e.id === leafId);
  if (at < 0 || !titled(entries[at]!)) return [];
  let from = at;
  let to = at;
  while (from > 0 && titled(entries[from - 1]!)) from--;
  while (to + 1 < entries.length && titled(entries[to + 1]!)) to++;
  return entries.slice(from, to + 1);
}

/**
 * Sub-entries as a list the ranking reads: the parent entry's title is its heading and intro,
 * the path to it its section path, the entry titles its items, each cited at its heading line.
 */
export function entriesAsList(parentTitle: string, sectionId: number | null, path: string, items: Candidate[], id: number): StoredList {
  const pages = items.flatMap((i) => i.citations.map((c) => c.pageNum));
  return {
    id,
    parentList: null,
    parentItem: null,
    depth: 0,
    kind: 'section',
    sectionId,
    heading: parentTitle,
    intro: parentTitle,
    itemCount: items.length,
    sequential: true,
    endedBy: 'heading',
    gapAfter: false,
    pageStart: Math.min(...pages),
    pageEnd: Math.max(...pages),
    sectionPath: path,
    items: items.map((i, n) => ({ ordinal: n + 1, label: i.name, text: i.name, pageNum: i.citations[0]?.pageNum ?? 0, lineNum: i.citations[0]?.lineNum ?? 0, lineId: i.citations[0]?.lineId ?? 0, lineText: i.citations[0]?.quote ?? '' })),
  };
}
