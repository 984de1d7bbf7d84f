/**
 * Tables keyed by a column: rows of cells that share a baseline and start at the same column
 * positions. The key column's cells are the items ("Access Control", "Media Protection", ...);
 * when every column carries the same header ("FAMILY | FAMILY") every column holds items, read
 * column by column as printed. A first column of bare numbers keys the rows; the next column
 * names them. Only full-width text is read: two page columns side by side are not a table.
 */

import type { ParsedLine } from '../parse/types.ts';
import { joinParts, labelOf, type StructList } from './lists.ts';

interface Row {
  y: number;
  size: number;
  cells: ParsedLine[];
}

const ANCHOR_TOLERANCE = 6;
const MIN_ROWS = 3;

export function detectTables(lines: ParsedLine[], opts: { skip: (l: ParsedLine) => boolean; firstIndex: number; bodySize: number; pageHeight: (page: number) => number }): StructList[] {
  const out: StructList[] = [];
  const byPage = new Map<number, ParsedLine[]>();
  for (const l of lines) {
    // Footnotes (small print at the foot of the page, a number in front) line up like cells
    // but are no table; tables set in small print higher up are read.
    const footnote = l.size < 0.85 * opts.bodySize && l.y0 > 0.75 * opts.pageHeight(l.pageNum);
    if (opts.skip(l) || l.column !== 0 || !l.text.trim() || footnote) continue;
    const arr = byPage.get(l.pageNum) ?? [];
    arr.push(l);
    byPage.set(l.pageNum, arr);
  }
  for (const pageLines of byPage.values()) {
    const rows = toRows(pageLines);
    let i = 0;
    while (i < rows.length) {
      const t = tableAt(rows, i);
      if (!t) {
        i++;
        continue;
      }
      // A header row may be centred over its columns, off the cells' anchors.
      const prev = rows[i - 1];
      const headerAbove = prev && prev.cells.length === t.anchors.length && isHeaderRow(prev.cells) ? prev : null;
      const groups = headerAbove ? [[headerAbove], ...t.rows] : t.rows;
      const list = toList(groups, t.anchors, rows[i - (headerAbove ? 2 : 1)] ?? null, opts.firstIndex + out.length);
      if (list) out.push(list);
      i = t.end;
    }
  }
  return out;
}

function toRows(lines: ParsedLine[]): Row[] {
  const sorted = [...lines].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const rows: Row[] = [];
  for (const l of sorted) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(l.y0 - last.y) <= 2) last.cells.push(l);
    else rows.push({ y: l.y0, size: l.size, cells: [l] });
  }
  for (const r of rows) r.cells.sort((a, b) => a.x0 - b.x0);
  return rows;
}

const near = (a: number, b: number) => Math.abs(a - b) <= ANCHOR_TOLERANCE;

/** A table starting at row `start`: multi-cell rows on common anchors, with wrapped cell lines. */
function tableAt(rows: Row[], start: number): { rows: Row[][]; anchors: number[]; end: number } | null {
  const first = rows[start]!;
  if (first.cells.length < 2) return null;
  const anchors = first.cells.map((c) => c.x0);
  const table: Row[][] = [[first]];
  let j = start + 1;
  for (; j < rows.length; j++) {
    const r = rows[j]!;
    const prev = rows[j - 1]!;
    if (r.y - prev.y > 2.6 * Math.max(r.size, prev.size)) break;
    const onAnchors = r.cells.every((c) => anchors.some((a) => near(a, c.x0)));
    if (!onAnchors) break;
    // A row whose key cell is empty continues the row above (a wrapped cell).
    if (r.cells.length >= 2 && near(r.cells[0]!.x0, anchors[0]!)) table.push([r]);
    else if (r.y - prev.y <= 1.6 * Math.max(r.size, prev.size)) table[table.length - 1]!.push(r);
    else break;
  }
  // A row set closer to the one above than the table's usual row spacing is a wrapped line of
  // that row's cells ("Privacy" over "Breach"), not a row of its own.
  const gaps = table.slice(1).map((g, k) => g[0]!.y - table[k]![table[k]!.length - 1]!.y).sort((a, b) => a - b);
  const usual = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const merged: Row[][] = [];
  for (const g of table) {
    const last = merged[merged.length - 1];
    const gap = last ? g[0]!.y - last[last.length - 1]!.y : Infinity;
    if (last && usual > 0 && gap < 0.8 * usual) last.push(...g);
    else merged.push([...g]);
  }
  const multi = merged.filter((g) => g[0]!.cells.length >= 2).length;
  return multi >= MIN_ROWS ? { rows: merged, anchors, end: j } : null;
}

function isHeaderRow(cells: ParsedLine[]): boolean {
  return cells.every((c) => c.bold) || cells.every((c) => c.text === c.text.toUpperCase() && /\p{L}/u.test(c.text));
}

function cellText(group: Row[], anchor: number): { text: string; lines: ParsedLine[] } {
  const lines = group.flatMap((r) => r.cells.filter((c) => near(c.x0, anchor)));
  return { text: joinParts(lines.map((l) => l.text)), lines };
}

function toList(groups: Row[][], anchors: number[], above: Row | null, index: number): StructList | null {
  const header = groups[0]![0]!.cells;
  const isHeader = isHeaderRow(header);
  const body = isHeader ? groups.slice(1) : groups;
  if (body.length < 2) return null;
  const sameHeader = isHeader && header.length === anchors.length && new Set(header.map((c) => c.text.trim().toLowerCase())).size === 1;
  const keyIsNumber = body.every((g) => /^\(?[0-9a-zA-Z]{1,3}[.)]?$/.test(cellText(g, anchors[0]!).text));
  const columns = sameHeader ? anchors : keyIsNumber && anchors.length > 1 ? [anchors[1]!] : [anchors[0]!];
  const items: StructList['items'] = [];
  for (const a of columns) {
    for (const g of body) {
      const cell = cellText(g, a);
      if (!cell.text) continue;
      const marker = keyIsNumber && !sameHeader ? cellText(g, anchors[0]!).text : '';
      // The row's other cells describe the key (unless every column holds items of its own).
      const rest = sameHeader ? [] : anchors.filter((x) => x !== a && !(keyIsNumber && x === anchors[0])).map((x) => cellText(g, x).text).filter(Boolean);
      const text = rest.length ? `${cell.text} | ${rest.join(' | ')}` : cell.text;
      items.push({ ordinal: items.length + 1, marker, label: labelOf(cell.text), text, lines: cell.lines.map((l) => ({ pageNum: l.pageNum, lineNum: l.lineNum })) });
    }
  }
  if (items.length < 2) return null;
  const caption = above && above.cells.length === 1 ? above.cells[0]!.text.trim() : null;
  const pages = items.flatMap((it) => it.lines.map((l) => l.pageNum));
  return {
    index,
    parentList: null,
    parentItem: null,
    depth: 0,
    kind: 'table-row',
    style: 'table',
    intro: [caption, isHeader ? header.map((c) => c.text).join(' | ') : null].filter(Boolean).join(' :: ') || null,
    heading: null,
    introLine: above ? { pageNum: above.cells[0]!.pageNum, lineNum: above.cells[0]!.lineNum } : null,
    items,
    sequential: true,
    // Where a table ends is no proof it is whole (it may go on over the page, or in the next
    // table): a table is never closed by itself, so it earns "complete" only from a stated count.
    endedBy: 'end',
    gapAfter: false,
    pageStart: Math.min(...pages),
    pageEnd: Math.max(...pages),
  };
}
