/**
 * A table whose columns are the variants it compares ("18-layer", "34-layer", … "152-layer"):
 * its header row is a list of its own, the cells that name one measure at several values. Read
 * from geometry alone: cells on one baseline, set alike, each a number and the same unit word,
 * the numbers rising from left to right. The table's caption on the page introduces it.
 */

import type { ParsedLine } from '../parse/types.ts';
import { parseNumbering } from '../toc/numbering.ts';
import type { StructList } from './lists.ts';

/** "18-layer", "50 layers", "3.5 GB": a number and one unit word. */
const MEASURE_CELL = /^(\d+(?:\.\d+)?)[-\s]?(\p{L}{2,})$/u;
/** Fewer cells than this on a row is a pair of figures, not a series of variants. */
const MIN_CELLS = 3;

export function measureCell(text: string): { value: number; unit: string } | null {
  const m = MEASURE_CELL.exec(text.trim());
  return m ? { value: Number(m[1]), unit: m[2]!.toLowerCase() } : null;
}

export function detectHeaderSeries(lines: ParsedLine[], opts: { outsideText: (l: ParsedLine) => boolean; firstIndex: number }): StructList[] {
  const out: StructList[] = [];
  const byPage = new Map<number, ParsedLine[]>();
  for (const l of lines) if (!opts.outsideText(l)) byPage.set(l.pageNum, [...(byPage.get(l.pageNum) ?? []), l]);
  for (const [, page] of byPage) {
    const used = new Set<ParsedLine>();
    for (const l of page) {
      const first = measureCell(l.text);
      if (!first || used.has(l)) continue;
      // The row: cells on this baseline, set in this size, with the same unit.
      const row = page
        .filter((o) => Math.abs(o.y1 - l.y1) < 1.5 && Math.abs(o.size - l.size) < 0.3 && measureCell(o.text)?.unit === first.unit)
        .sort((a, b) => a.x0 - b.x0);
      row.forEach((o) => used.add(o));
      const values = row.map((o) => measureCell(o.text)!.value);
      if (row.length < MIN_CELLS || !values.every((v, i) => i === 0 || v > values[i - 1]!)) continue;
      const caption = nearestCaption(page, row[0]!);
      out.push({
        index: opts.firstIndex + out.length,
        parentList: null,
        parentItem: null,
        depth: 0,
        kind: 'table-row',
        style: 'table',
        intro: caption ? `${caption.text.trim()} :: ${row.map((o) => o.text.trim()).join(' | ')}` : row.map((o) => o.text.trim()).join(' | '),
        heading: null,
        introLine: caption ? { pageNum: caption.pageNum, lineNum: caption.lineNum } : null,
        items: row.map((o, i) => ({ ordinal: i + 1, marker: '', label: o.text.trim(), text: o.text.trim(), lines: [{ pageNum: o.pageNum, lineNum: o.lineNum }] })),
        // A row is read whole: its cells run from the table's left edge to its right.
        sequential: true,
        endedBy: 'text',
        gapAfter: false,
        pageStart: l.pageNum,
        pageEnd: l.pageNum,
      });
    }
  }
  return out;
}

/** The table caption nearest the row on its page, above or below it. */
function nearestCaption(page: ParsedLine[], row: ParsedLine): ParsedLine | null {
  const captions = page.filter((o) => {
    const n = parseNumbering(o.text)[0];
    return n?.kind === 'caption' && n.family === 'caption:table';
  });
  return captions.sort((a, b) => Math.abs(a.y0 - row.y0) - Math.abs(b.y0 - row.y0))[0] ?? null;
}
