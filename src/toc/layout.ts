/** Where a line sits on its page relative to the text block: what separates a heading from a table cell,
 * a figure label or the first line of a paragraph. */

import type { ParsedLine } from '../parse/types.ts';
import { isExcluded, type DocIndex } from './doc-index.ts';
import { parseNumbering } from './numbering.ts';
import { headingShaped, inBodyStyle, styleKey, typographyScore } from './typography.ts';

/**
 * True when another line shares the baseline: table cells and label/value pairs, not headings.
 * Cells of one row are set alike; a figure's small labels beside a heading are not its row.
 */
export function sharesRow(index: DocIndex, l: ParsedLine): boolean {
  return index.pages[l.pageNum]!.some((o) => o !== l && o.column === l.column && Math.abs(o.y1 - l.y1) < 2 && Math.abs(o.size - l.size) <= 0.2 * l.size && !isExcluded(index, o));
}

const marginCache = new WeakMap<DocIndex, Map<number, number>>();

/** Left edge of body text per column (0 and 1 share one, 2 is the right column). */
function leftMargins(index: DocIndex): Map<number, number> {
  let m = marginCache.get(index);
  if (m) return m;
  const tally = new Map<number, Map<number, number>>();
  for (const l of index.doc.lines) {
    if (!inBodyStyle(l, index.body)) continue;
    const col = l.column === 2 ? 2 : 0;
    const t = tally.get(col) ?? new Map<number, number>();
    const x = Math.round(l.x0 / 3) * 3;
    t.set(x, (t.get(x) ?? 0) + 1);
    tally.set(col, t);
  }
  m = new Map();
  // The leftmost x0 that many lines share: list continuations are indented, paragraph starts are not.
  for (const [col, t] of tally) {
    const total = [...t.values()].reduce((a, b) => a + b, 0);
    const common = [...t].filter(([, n]) => n >= Math.max(3, 0.03 * total)).map(([x]) => x);
    m.set(col, Math.min(...common));
  }
  marginCache.set(index, m);
  return m;
}

/** Headings start at the text margin (or a modest indent) or are centred; figure labels float elsewhere. */
export function aligned(index: DocIndex, l: ParsedLine): boolean {
  const margins = leftMargins(index);
  const atMargin = (m: number | undefined) => m !== undefined && l.x0 >= m - 6 && l.x0 <= m + 40;
  if (atMargin(margins.get(l.column === 2 ? 2 : 0))) return true;
  const page = index.doc.pages[l.pageNum - 1];
  if (!page) return false;
  // A page whose left column is all figure has no second column of body text to be told apart
  // by, so its lines come out unsplit; a heading there still starts at the right column's margin.
  if (l.column === 0 && l.x0 >= page.width / 2 - 10 && atMargin(margins.get(2))) return true;
  const lines = index.pages[l.pageNum]!.filter((o) => o.column === l.column);
  const left = Math.min(...lines.map((o) => o.x0));
  const right = Math.max(...lines.map((o) => o.x1));
  const center = l.column === 0 ? page.width / 2 : (left + right) / 2;
  return Math.abs((l.x0 + l.x1) / 2 - center) <= 15;
}

/** Body text (or a body-style list item) follows a heading closely; figure labels are followed by more labels. */
export function bodyFollows(index: DocIndex, last: ParsedLine): boolean {
  const below = index.pages[last.pageNum]!
    .filter((o) => o.y0 > last.y1 - 1 && !isExcluded(index, o) && (o.column === last.column || o.column === 0 || last.column === 0) && !acrossTheMiddle(index, o, last))
    .sort((a, b) => a.y0 - b.y0)[0];
  // A heading left at the foot of a page (a widow, as print-from-browser layouts leave them) is
  // followed by the first body line of the next page.
  if (!below) return widowed(index, last);
  if (below.y0 - last.y1 > 3 * last.size) return false;
  if (inBodyStyle(below, index.body) || typographyScore(below, index.body) === 0) return true;
  // A numbered subheading may follow directly ("6 Results" then "6.1 Machine Translation").
  const sub = parseNumbering(below.text).find((n) => n.kind !== 'caption');
  if (below.size <= last.size + 0.3 && sub !== undefined && headingShaped(sub.rest || below.text)) return true;
  // So may an unnumbered one of a lower rank: set smaller, yet still apart from the body
  // ("Using the tool" then "Input"). A line as large as this one would be its continuation or a
  // figure's label; a smaller one set like the body was answered above.
  return !sub && below.size < last.size - 0.5 && typographyScore(below, index.body) > 0 && headingShaped(below.text);
}

/** Nothing follows the line on its page, and the next page opens (after its running header) with body text. */
function widowed(index: DocIndex, last: ParsedLine): boolean {
  const page = index.doc.pages[last.pageNum - 1];
  const next = index.pages[last.pageNum + 1];
  if (!page || !next) return false;
  // At the foot: in the lower third of the page.
  if (last.y1 < (2 * page.height) / 3) return false;
  const first = next.filter((o) => !isExcluded(index, o)).sort((a, b) => a.y0 - b.y0)[0];
  return first !== undefined && inBodyStyle(first, index.body);
}

/**
 * The two lines lie wholly on opposite halves of the page. On a page whose left column is all
 * figure the lines come out unsplit, and a figure's labels sit at a heading's height beside it:
 * they neither follow it nor continue it.
 */
export function acrossTheMiddle(index: DocIndex, a: ParsedLine, b: ParsedLine): boolean {
  const width = index.doc.pages[a.pageNum - 1]?.width;
  if (!width) return false;
  const mid = width / 2;
  return (a.x1 <= mid && b.x0 >= mid) || (a.x0 >= mid && b.x1 <= mid);
}

/** The line directly above in the same style: this line continues a wrapped label or cell. */
export function continuesAbove(lines: ParsedLine[], i: number): boolean {
  const l = lines[i]!;
  const prev = lines[i - 1];
  if (!prev || prev.pageNum !== l.pageNum || styleKey(prev) !== styleKey(l) || prev.column !== l.column) return false;
  return l.y0 - prev.y1 >= -1 && l.y0 - prev.y1 <= 0.8 * l.size;
}
