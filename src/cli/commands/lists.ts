import type { Db } from '../../db/client.ts';
import { loadLists, type StoredList } from '../../listing/candidates.ts';
import { findDocument } from '../../sql/find-document.ts';

/**
 * `docintel lists <doc> [--section S]`: the structure model's lists with their items, nested
 * lists indented under their parent item. `--section` keeps the lists whose section path or
 * heading contains S (case-insensitive).
 */
export async function listsCommand(db: Db, ref: string, opts: { section?: string; full?: boolean }): Promise<string> {
  const doc = await findDocument(db, ref);
  const all = await loadLists(db, doc.id);
  const needle = opts.section?.toLowerCase();
  const shown = needle ? all.filter((l) => `${l.sectionPath} ${l.heading ?? ''}`.toLowerCase().includes(needle)) : all;
  const byParent = new Map<string, StoredList[]>();
  for (const l of shown) if (l.parentList !== null) byParent.set(`${l.parentList}:${l.parentItem}`, [...(byParent.get(`${l.parentList}:${l.parentItem}`) ?? []), l]);
  const ids = new Set(shown.map((l) => l.id));
  const out: string[] = [`${doc.file_name} (document ${doc.id}): ${shown.length} of ${all.length} lists`];
  const render = (l: StoredList, depth: number) => {
    const pad = '  '.repeat(depth);
    const where = l.sectionPath ? ` in "${l.sectionPath.split(' > ').at(-1)}"` : '';
    out.push(`${pad}list ${l.id} · ${l.kind} · ${l.items.length} items · pp. ${l.pageStart}-${l.pageEnd}${where} · ended by ${l.endedBy}${l.gapAfter ? ' · numbering skips after it' : ''}`);
    if (l.intro) out.push(`${pad}  intro: ${l.intro}`);
    l.items.forEach((it, i) => {
      const text = opts.full || it.text.length <= 100 ? it.text : `${it.text.slice(0, 97)}...`;
      out.push(`${pad}  ${String(it.ordinal).padStart(2)}. ${text}  [p.${it.pageNum} l.${it.lineNum}]`);
      for (const child of byParent.get(`${l.id}:${i}`) ?? []) render(child, depth + 2);
    });
  };
  // Top-level lists, and nested ones whose parent was filtered out, start at the left margin.
  for (const l of shown) if (l.parentList === null || !ids.has(l.parentList)) render(l, 0);
  return out.join('\n');
}
