import type { LineRow } from '../../db/rows.ts';

/**
 * The region's body text without page furniture: running headers and footers (the same text on
 * several pages of the region) and footnotes (set smaller than the body). A list that crosses a
 * page break is then contiguous again instead of being cut in two by what sits between pages.
 */
export function contentLines(lines: LineRow[]): LineRow[] {
  if (lines.length < 20) return lines;
  const pagesOf = new Map<string, Set<number>>();
  for (const l of lines) {
    const key = l.text.trim().replace(/\d+/g, '#');
    const set = pagesOf.get(key) ?? new Set<number>();
    set.add(l.pageNum);
    pagesOf.set(key, set);
  }
  const sizes = lines.map((l) => l.size).sort((a, b) => a - b);
  const body = sizes[Math.floor(sizes.length / 2)] ?? 0;
  const pageCount = new Set(lines.map((l) => l.pageNum)).size;
  return lines.filter((l) => {
    const repeated = pageCount >= 2 && (pagesOf.get(l.text.trim().replace(/\d+/g, '#'))?.size ?? 0) >= 2 && l.text.trim().length < 120;
    const footnote = body > 0 && l.size < body - 1.2;
    return !repeated && !footnote;
  });
}
