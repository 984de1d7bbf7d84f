import type { TocRow } from './types.ts';

type RenderableRow = Pick<TocRow, 'id' | 'level' | 'title' | 'pageStart' | 'pageEnd' | 'source' | 'flags' | 'routable'> &
  Partial<Pick<TocRow, 'originalPage' | 'verified'>>;

/**
 * Indented tree for `docintel toc <doc>`: one entry per line with its pages, where it came from and its flags.
 * Indentation follows `level`, not parent links, so a filtered list (routable entries only) still renders.
 */
export function renderTocTree<T extends RenderableRow>(entries: T[]): string {
  const idWidth = String(Math.max(0, ...entries.map((e) => e.id))).length;
  return entries
    .map((e) => {
      const pages = e.pageEnd > e.pageStart ? `p.${e.pageStart}-${e.pageEnd}` : `p.${e.pageStart}`;
      let source: string = e.source;
      if (e.source === 'repaired' && e.originalPage != null) source += ` from p.${e.originalPage}`;
      const notes = [...e.flags];
      if (!e.routable) notes.push('not routable');
      const tail = notes.length ? `  {${notes.join(', ')}}` : '';
      return `${String(e.id).padStart(idWidth)}  ${'  '.repeat(Math.max(0, e.level - 1))}${e.title}  ${pages}  [${source}]${tail}`;
    })
    .join('\n');
}
