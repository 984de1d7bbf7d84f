/**
 * Step 3b: unnumbered back matter the outline left out. Outlines generated from numbered sections often
 * stop at the last numbered one, while "References", "Index" or an unnumbered appendix follow in exactly
 * the top-level headings' setting. A line after the last top-level entry, set like the top-level
 * headings (same font, size, weight and case) and shaped like a heading, is one of them. Only the top
 * level and only after its last entry: elsewhere an unlisted line in that style may be the outline's
 * choice, and numbered headings there are fillGaps' job.
 */

import { isExcluded, type DocIndex } from './doc-index.ts';
import { candidates, type Candidate } from './locate.ts';
import { cleanTitle, compact, wordCount } from './text.ts';
import { addFlag, newNode, preorder, type HeadingStyle, type Position, type TocNode } from './tree.ts';
import { headingShaped, headingStyleOf, matchesStyle } from './typography.ts';

const MAX_TRAILING = 3;
/** Back-matter headings are short ("References", "Index", "Appendix: Glossary"). */
const MAX_WORDS = 6;

function sameSetting(a: HeadingStyle, b: HeadingStyle): boolean {
  return Math.abs(a.size - b.size) <= 0.6 && a.weight === b.weight && a.caps === b.caps && a.font === b.font;
}

/** The setting most top-level entries share, when at least two verified ones share it. */
function topLevelStyle(roots: TocNode[]): HeadingStyle | null {
  const styled = roots.filter((n) => n.routable && n.verified && n.headingStyle).map((n) => n.headingStyle!);
  let best: { style: HeadingStyle; n: number } | null = null;
  for (const s of styled) {
    const n = styled.filter((o) => sameSetting(s, o)).length;
    if (!best || n > best.n) best = { style: s, n };
  }
  return best && best.n >= 2 && best.n * 2 > styled.length ? best.style : null;
}

/** Where the last located entry, at any depth, stands in reading order. */
function lastPosition(roots: TocNode[]): Position | null {
  const at = preorder(roots).filter((n) => n.routable && n.verified && n.line !== null).map((n) => ({ page: n.page, line: n.line! }));
  return at.reduce<Position | null>((last, p) => (!last || p.page > last.page || (p.page === last.page && p.line > last.line) ? p : last), null);
}

function isTrailingHeading(c: Candidate, style: HeadingStyle, index: DocIndex): boolean {
  const first = c.lines[0]!;
  if (c.lines.length !== 1 || isExcluded(index, first)) return false;
  if (first.font !== style.font || !matchesStyle(first, style)) return false;
  // Numbered lines are fillGaps' (a trailing "7 Conclusion") or captions ("Table 3").
  if (c.numbering) return false;
  return headingShaped(first.text) && wordCount(first.text) <= MAX_WORDS;
}

/** Appends the trailing top-level headings; returns how many. */
export function appendTrailingHeadings(index: DocIndex, roots: TocNode[]): number {
  const style = topLevelStyle(roots);
  // Everything already listed, at any depth, lies before the place we search.
  const from = lastPosition(roots);
  if (!style || !from) return 0;
  // "Appendix D" over "Maintainer's Checklist": the title line under the last entry's label line is
  // that entry, not a new one; so is any line that repeats a listed title's end.
  const listed = preorder(roots).map((n) => compact(n.title));
  const isListed = (text: string) => listed.some((t) => t.endsWith(compact(text)));
  let added = 0;
  for (let p = from.page; p <= index.pageCount && added < MAX_TRAILING; p++) {
    for (const c of candidates(index, p)) {
      if (added >= MAX_TRAILING) break;
      const first = c.lines[0]!;
      if (p === from.page && first.lineNum <= from.line) continue;
      if (!isTrailingHeading(c, style, index) || isListed(c.text)) continue;
      const n = newNode({
        title: cleanTitle(c.text),
        page: p,
        line: first.lineNum,
        y: first.y0,
        source: 'headings',
        verified: true,
        headingStyle: headingStyleOf(first),
      });
      addFlag(n, 'trailing_heading');
      roots.push(n);
      added++;
    }
  }
  return added;
}
