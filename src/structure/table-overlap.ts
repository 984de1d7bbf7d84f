import type { StructList } from './lists.ts';

/** Header rows a table may have above its first row (as tables.ts reads them). */
const HEADER_LINES = 3;

/**
 * Lists read off part of a table: every line of every item lies among one table's lines on one
 * page (its rows, its intro line and the header lines between them), and the list has
 * fewer items than the table has rows. A term list made of a table's header and first row
 * ("Option Long option Meaning", "-c", "–create") is such a misreading; the table is the list.
 * A list as long as the table reads it another way (a term list of its two columns) and stays.
 */
export function readOffTables(lists: StructList[], tables: StructList[]): Set<StructList> {
  const spans = tables
    .filter((t) => t.kind === 'table-row')
    .flatMap((t) => {
      const byPage = new Map<number, number[]>();
      for (const r of t.items.flatMap((i) => i.lines)) byPage.set(r.pageNum, [...(byPage.get(r.pageNum) ?? []), r.lineNum]);
      return [...byPage].map(([page, nums]) => {
        const first = Math.min(...nums);
        // Its intro line (a caption, or the header read as one) is the table's too; nothing above it.
        const intro = t.introLine && t.introLine.pageNum === page && t.introLine.lineNum < first ? t.introLine.lineNum : first - HEADER_LINES;
        return { page, from: Math.max(intro, first - HEADER_LINES), to: Math.max(...nums), rows: t.items.length };
      });
    });
  const out = new Set<StructList>();
  for (const l of lists) {
    const lines = l.items.flatMap((i) => i.lines);
    if (lines.length && spans.some((s) => l.items.length < s.rows && lines.every((r) => r.pageNum === s.page && r.lineNum >= s.from && r.lineNum <= s.to))) out.add(l);
  }
  return out;
}

/** Lists renumbered in order after some were dropped, their parent links following. */
export function renumbered(lists: StructList[]): StructList[] {
  const next = new Map(lists.map((l, k) => [l.index, k] as const));
  return lists.map((l, k) => ({ ...l, index: k, parentList: l.parentList === null ? null : (next.get(l.parentList) ?? null), parentItem: l.parentList !== null && next.has(l.parentList) ? l.parentItem : null }));
}
