/** Step 1: check that each outline entry's destination page really prints its heading; move the entry to the
 * page that does (nearby, or between its verified neighbours) or flag it. */

import type { OutlineItem, ParsedLine } from '../parse/types.ts';
import type { DocIndex } from './doc-index.ts';
import { findOnPage, searchNear, type Hit } from './locate.ts';
import { parseNumbering } from './numbering.ts';
import { compact, cleanTitle } from './text.ts';
import { addFlag, newNode, preorder, type TocNode } from './tree.ts';
import { headingStyleOf } from './typography.ts';

/** How far (pages) a destination is searched around its target before falling back to the neighbours' window. */
const NEAR = 3;
/** The neighbours' window is only searched when it is this small: beyond it a match is more likely a namesake. */
const MAX_WINDOW = 40;

export function outlineToNodes(items: OutlineItem[]): TocNode[] {
  return items.map((it) =>
    newNode({
      title: cleanTitle(it.title),
      page: it.pageNum ?? 0,
      y: it.top,
      source: 'outline',
      children: outlineToNodes(it.children),
    }),
  );
}

/**
 * Records where the heading was found; adds the printed number when the outline title left it
 * out, on the heading's line or on a bare label line set just above it ("APPENDIX D" over
 * "ROLES AND RESPONSIBILITIES"): a question that names the part by its label finds it so.
 */
export function applyHit(n: TocNode, hit: Hit, index: DocIndex): void {
  applyLine(n, hit);
  const label = !parseNumbering(n.title, { bareLetter: true })[0] ? labelAbove(index, hit) : null;
  if (!label) return;
  n.title = `${label.text.trim()} ${n.title}`;
  n.line = label.lineNum;
  n.y = label.y0;
}

/** A line "APPENDIX D", "CHAPTER 3", "Annex II" alone just above the heading's first line. */
function labelAbove(index: DocIndex, hit: Hit): ParsedLine | null {
  const first = hit.lines[0]!;
  const lines = index.pages[hit.page] ?? [];
  const k = lines.indexOf(first);
  const above = k > 0 ? lines.slice(0, k).reverse().find((l) => !index.furniture.has(l) && l.text.trim()) : undefined;
  if (!above || first.y0 - above.y1 > LABEL_GAP_SIZES * Math.max(above.size, first.size)) return null;
  const num = parseNumbering(above.text.trim())[0];
  return num?.kind === 'prefixed' && num.rest.trim() === '' ? above : null;
}
/** How far above a heading (in line heights) its label line may stand. */
const LABEL_GAP_SIZES = 3;

function applyLine(n: TocNode, hit: Hit): void {
  n.page = hit.page;
  n.line = hit.lines[0]!.lineNum;
  n.y = hit.lines[0]!.y0;
  n.verified = true;
  n.headingStyle = headingStyleOf(hit.lines[0]!);
  const printed = hit.numbering;
  const own = parseNumbering(n.title, { bareLetter: true })[0];
  const tc = compact(n.title);
  const extra = tc.startsWith(hit.c) ? tc.slice(hit.c.length) : '';
  if (hit.c.length >= 4 && extra.length > 0 && extra.length <= 4 && /\d/.test(extra)) {
    // The bookmark carried a footnote marker the heading does not print.
    n.title = hit.text.trim();
    return;
  }
  if (printed && !own && printed.kind !== 'caption' && !printed.token.startsWith('(') && compact(n.title) === hit.cr) {
    n.title = `${printed.token} ${n.title}`;
  }
}

/**
 * Checks every entry against its target page and moves it when its heading is elsewhere. Outline entries
 * that move become 'repaired'; entries read from a contents page keep their source and get 'page_adjusted'.
 */
export function verifyOutline(
  index: DocIndex,
  roots: TocNode[],
  opts: { keepSource?: boolean } = {},
): { verified: number; repaired: number; unverified: number } {
  const flat = preorder(roots);
  const found: (number | null)[] = flat.map(() => null);
  flat.forEach((n, i) => {
    if (n.page < 1 || n.page > index.pageCount) return;
    const hit = findOnPage(index, n.title, n.page, n.y);
    if (hit) {
      applyHit(n, hit, index);
      found[i] = n.page;
    }
  });
  let repaired = 0;
  let unverified = 0;
  flat.forEach((n, i) => {
    if (n.verified) return;
    const lo = lastBefore(found, i) ?? 1;
    const hi = firstAfter(found, i) ?? index.pageCount;
    const target = n.page >= 1 && n.page <= index.pageCount ? n.page : null;
    let hit: Hit | null = null;
    if (target !== null) {
      const [a, b] = lo <= hi ? [Math.max(lo, target - NEAR), Math.min(hi, target + NEAR)] : [target - NEAR, target + NEAR];
      hit = searchNear(index, n.title, target, a, b);
    }
    if (!hit && lo <= hi && hi - lo <= MAX_WINDOW) {
      hit = searchNear(index, n.title, target ?? lo, lo, hi);
      if (hit && !(hit.quality >= 0.9 && hit.typo > 0)) hit = null;
    }
    if (hit) {
      n.originalPage = target;
      if (opts.keepSource) addFlag(n, 'page_adjusted');
      else n.source = 'repaired';
      applyHit(n, hit, index);
      found[i] = n.page;
      repaired++;
      return;
    }
    unverified++;
    addFlag(n, 'unverified');
    if (target === null) {
      // An unresolvable destination: keep the entry where its predecessor is so page ranges stay ordered.
      addFlag(n, 'unresolved');
      n.page = lo;
    }
  });
  return { verified: flat.filter((n) => n.verified).length, repaired, unverified };
}

function lastBefore(found: (number | null)[], i: number): number | null {
  for (let k = i - 1; k >= 0; k--) if (found[k] != null) return found[k]!;
  return null;
}

function firstAfter(found: (number | null)[], i: number): number | null {
  for (let k = i + 1; k < found.length; k++) if (found[k] != null) return found[k]!;
  return null;
}
