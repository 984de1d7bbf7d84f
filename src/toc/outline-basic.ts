import type { OutlineItem, ParsedDocument } from '../parse/types.ts';
import type { TocRow, TocSource } from './types.ts';

/** Temporary: the native outline flattened, unverified. */
export function buildOutlineOnlyToc(doc: ParsedDocument): { entries: TocRow[]; tocSource: TocSource; stats: Record<string, number> } {
  const entries: TocRow[] = [];
  const walk = (items: OutlineItem[], parentId: number | null) => {
    items.forEach((it, i) => {
      const id = entries.length + 1;
      entries.push({ id, parentId, level: it.level, ordinal: i + 1, title: it.title, pageStart: it.pageNum ?? 1, pageEnd: doc.pageCount, lineStart: null, source: 'outline', verified: false, originalPage: null, flags: [], routable: true });
      walk(it.children, id);
    });
  };
  walk(doc.outline, null);
  // An entry ends where the next entry at the same or a higher level starts.
  entries.forEach((e, i) => {
    const next = entries.slice(i + 1).find((n) => n.level <= e.level);
    e.pageEnd = Math.max(e.pageStart, next ? next.pageStart - (next.pageStart > e.pageStart ? 1 : 0) : doc.pageCount);
  });
  return { entries, tocSource: entries.length ? 'outline' : 'none', stats: { outline: entries.length } };
}

export function renderBasicTree(entries: { level: number; title: string; pageStart: number; pageEnd: number; source: string; flags: string[] }[]): string {
  return entries.map((e) => `${'  '.repeat(e.level - 1)}${e.title}  p.${e.pageStart}-${e.pageEnd} [${e.source}${e.flags.length ? ' ' + e.flags.join(',') : ''}]`).join('\n');
}
