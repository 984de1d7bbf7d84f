/** Flattens the working tree into `toc_entries` rows: pre-order ids, parent ids, ordinals and page ranges. */

import { isExcluded, type DocIndex } from './doc-index.ts';
import { isCaptionTitle } from './numbering.ts';
import { preorder, type TocNode } from './tree.ts';
import type { TocRow } from './types.ts';


/**
 * True when the heading starts below other text on its page: the page is then shared with the section
 * before it, so that section ends on this page rather than the one before.
 */
function startsMidPage(index: DocIndex, n: TocNode): boolean {
  if (n.line === null) return false;
  const before = (index.pages[n.page] ?? []).filter((l) => l.lineNum < n.line! && !isExcluded(index, l));
  return before.length >= 2;
}

export function toRows(index: DocIndex, roots: TocNode[]): TocRow[] {
  const flat = preorder(roots);
  const pos = new Map<TocNode, number>(flat.map((n, i) => [n, i]));
  const subtreeEnd = new Map<TocNode, number>();
  const parentOf = new Map<TocNode, TocNode | null>();
  const fill = (nodes: TocNode[], parent: TocNode | null) => {
    for (const n of nodes) {
      parentOf.set(n, parent);
      fill(n.children, n);
      const last = n.children.length ? subtreeEnd.get(n.children[n.children.length - 1]!)! : pos.get(n)!;
      subtreeEnd.set(n, last);
    }
  };
  fill(roots, null);

  const rows: TocRow[] = [];
  const ends = new Map<TocNode, number>();
  flat.forEach((n, i) => {
    const parent = parentOf.get(n) ?? null;
    const parentEnd = parent ? ends.get(parent)! : index.pageCount;
    // Noise entries and figure/table captions do not end a section: "3.1 PREPARE" runs on past "TABLE 1".
    let next: TocNode | null = null;
    for (let j = subtreeEnd.get(n)! + 1; j < flat.length; j++) {
      const c = flat[j]!;
      if (c.routable && (isCaptionTitle(n.title) || !isCaptionTitle(c.title))) {
        next = c;
        break;
      }
    }
    let end = next ? next.page - (startsMidPage(index, next) ? 0 : 1) : parentEnd;
    if (n.page <= parentEnd) end = Math.min(end, parentEnd);
    end = Math.max(end, n.page);
    // A noise entry marks a spot, not a section.
    if (!n.routable) end = n.page;
    ends.set(n, end);
    const siblings = parent ? parent.children : roots;
    rows.push({
      id: i + 1,
      parentId: parent ? pos.get(parent)! + 1 : null,
      level: depthOf(n, parentOf) + 1,
      ordinal: siblings.indexOf(n) + 1,
      title: n.title,
      pageStart: n.page,
      pageEnd: end,
      lineStart: n.line,
      source: n.source,
      verified: n.verified,
      originalPage: n.originalPage,
      flags: [...n.flags],
      routable: n.routable,
    });
  });
  return rows;
}

function depthOf(n: TocNode, parentOf: Map<TocNode, TocNode | null>): number {
  let d = 0;
  for (let p = parentOf.get(n); p; p = parentOf.get(p)) d++;
  return d;
}
