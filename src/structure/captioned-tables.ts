/**
 * Tables set above their caption, as papers set them ("Table 6. Classification error on the
 * CIFAR-10 test set." under the rows), and tables set below it. Such tables are often not on common column anchors (cells
 * centred in their column, a block of rows that fills more columns than the rows above it, a
 * header line set between the rows), so they are read from the caption up instead: every row in
 * the same page column above the caption, up to the running text, is the table. The first cell of
 * each row of two or more cells is a row's key, and the keys are the items.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, labelOf, type StructList } from './lists.ts';
import { CAPTION, tableList, toRows, type Row } from './tables.ts';

const MIN_ROWS = 3;
/** Rows of a table sit closer than this (in font sizes) to the row below them. */
const ROW_GAP = 3;
/** A single line at least this share of the column's width, in body-size print, is running text. */
const PROSE_WIDTH = 0.6;

export function detectCaptionedTables(
  lines: ParsedLine[],
  opts: { outsideText: (l: ParsedLine) => boolean; bodySize: number; firstIndex: number; taken: (l: ParsedLine) => boolean },
): StructList[] {
  const out: StructList[] = [];
  const groups = new Map<string, ParsedLine[]>();
  for (const l of lines) {
    if (opts.outsideText(l) || !l.text.trim()) continue;
    const key = `${l.pageNum}:${l.column}`;
    const group = groups.get(key);
    if (group) group.push(l);
    else groups.set(key, [l]);
  }
  for (const group of groups.values()) {
    const body = group.filter((l) => Math.abs(l.size - opts.bodySize) < 0.5);
    const width = body.length ? Math.max(...body.map((l) => l.x1)) - Math.min(...body.map((l) => l.x0)) : 0;
    const prose = (r: Row) => r.cells.length === 1 && r.cells[0]!.size >= 0.95 * opts.bodySize && r.cells[0]!.x1 - r.cells[0]!.x0 >= PROSE_WIDTH * width;
    const rows = toRows(group);
    rows.forEach((r, k) => {
      const caption = r.cells.length === 1 ? r.cells[0]! : null;
      if (!caption || !CAPTION.test(caption.text.trim()) || opts.taken(caption)) return;
      // A caption over its table (the next row below holds cells, nearer than any row above)
      // belongs to the rows below it; tables set back to back put a caption between two tables.
      const below = rows.slice(k + 1).find((x) => !(cellsOf(x).length === 1 && Math.abs(cellsOf(x)[0]!.size - caption.size) < 0.5 && x.y - caption.y0 < 4 * caption.size));
      const above = rows[k - 1];
      const gapAbove = above && above.cells.length >= 2 ? r.y - above.y : Infinity;
      // (A caption of several lines is measured from its last line.)
      const captionEnd = below ? rows[rows.indexOf(below) - 1]! : r;
      if (below && cellsOf(below).length >= 2 && below.y - captionEnd.y <= ROW_GAP * Math.max(below.size, r.size) && below.y - r.y < gapAbove) {
        // Set over its table, as some papers set them: the rows below it are the table, read
        // down the same way, from the first row of cells to the running text.
        const start = rows.indexOf(below);
        const down: Row[] = [];
        for (let j = start; j < rows.length; j++) {
          const x = rows[j]!;
          const over = rows[j - 1]!;
          if (j > start && x.y - over.y > ROW_GAP * Math.max(x.size, over.size)) break;
          if (prose(x) || (x.cells.length === 1 && CAPTION.test(x.cells[0]!.text.trim())) || x.cells.some(opts.taken)) break;
          down.push(x);
        }
        // Only a table of values is read so: rows of words wrapped over several lines (a
        // document's tables of tasks and outcomes) do not fall into rows that way.
        const list = toList(down, caption, opts.firstIndex + out.length, true);
        if (list) out.push(list);
        return;
      }
      const region: Row[] = [];
      for (let j = k - 1; j >= 0; j--) {
        const x = rows[j]!;
        const under = rows[j + 1]!;
        if (under.y - x.y > ROW_GAP * Math.max(x.size, under.size)) break;
        if (prose(x) || (x.cells.length === 1 && CAPTION.test(x.cells[0]!.text.trim())) || x.cells.some(opts.taken)) break;
        region.unshift(x);
      }
      const list = toList(region, caption, opts.firstIndex + out.length);
      if (list) out.push(list);
    });
  }
  return out;
}

/** A row's cells, without marks set smaller than its text ("†" by a caption line): they are no cells. */
function cellsOf(r: Row): ParsedLine[] {
  const size = Math.max(...r.cells.map((x) => x.size));
  return r.cells.filter((c) => c.text.trim().length > 2 || c.size >= 0.8 * size);
}

function toList(region: Row[], caption: ParsedLine, index: number, valuesOnly = false): StructList | null {
  const multi = region.map(cellsOf).filter((cs) => cs.length >= 2).map((cs) => [...cs].sort((a, b) => a.x0 - b.x0));
  if (multi.length < MIN_ROWS) return null;
  // A first row of words over rows that hold figures is the header ("model | top-1 err." over
  // "VGG-16 [41] | 28.07"): none of its cells is a figure, while the rows below hold them.
  // A body row holds values: figures, or formulas ("28.07", "O(n)"); a header cell starts with
  // no figure ("top-1 err." is a header's word).
  const figure = (c: ParsedLine) => /^[-–+]?\d/.test(c.text.trim());
  // (Formulas count only for a table read down from its caption, one that must hold values.)
  const value = (c: ParsedLine) => (valuesOnly ? /[\d()%±×·=<>]/.test(c.text) : figure(c));
  const figures = (cells: ParsedLine[]) => cells.slice(1).some(value);
  const first = multi[0]!;
  const header = !first.some(figure) && multi.slice(1).filter(figures).length >= 0.8 * (multi.length - 1) ? first : null;
  if (valuesOnly && !header) return null;
  const body = header ? multi.slice(1) : multi;
  const items: StructList['items'] = [];
  for (const cells of body) {
    const [key, ...rest] = cells;
    // The key is a name: words, left of the row's other cells.
    if (!key || !/\p{L}{2}/u.test(key.text) || key.x1 > rest[0]!.x0) continue;
    const text = joinParts([`${key.text.trim()} | ${rest.map((c) => c.text.trim()).join(' | ')}`]);
    items.push({ ordinal: items.length + 1, marker: '', label: labelOf(key.text), text, lines: [{ pageNum: key.pageNum, lineNum: key.lineNum }] });
  }
  if (items.length < 2) return null;
  return tableList(index, items, caption, header ? header.map((c) => c.text.trim()) : null);
}
