import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { LineRow } from '../db/rows.ts';

/**
 * The body lines that follow each of some lines on its page (at most `limit` each, in reading
 * order), in one statement: where an item's opening line carries on.
 */
export function linesAfter(db: Db, documentId: number, lineIds: number[], limit: number): Promise<Map<number, LineRow[]>> {
  return linesBeside(db, documentId, lineIds, 'after', limit);
}

/**
 * Each of some lines with the body lines right before it on its page (at most `before` of them),
 * in reading order, in one statement: what stands above an item's opening line.
 */
export function linesUpTo(db: Db, documentId: number, lineIds: number[], before: number): Promise<Map<number, LineRow[]>> {
  return linesBeside(db, documentId, lineIds, 'up-to', before + 1);
}

async function linesBeside(db: Db, documentId: number, lineIds: number[], side: 'after' | 'up-to', limit: number): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>();
  if (!lineIds.length) return out;
  const near = side === 'after' ? sql`n.line_num > a.line_num order by n.line_num` : sql`n.line_num <= a.line_num order by n.line_num desc`;
  const found = await rows<LineRow & { anchor: number }>(
    db,
    sql`select a.id::int as anchor, l.id::int as "id", l.page_num as "pageNum", l.line_num as "lineNum", l.text, l.x0, l.size, l.bold, l.lead_in as "leadIn", null as label
        from lines a
        cross join lateral (
          select * from lines n
          where n.document_id = a.document_id and n.page_num = a.page_num and not n.furniture and ${near} limit ${limit}
        ) l
        where a.document_id = ${documentId} and a.id in (${sql.join(lineIds.map((id) => sql`${id}`), sql`, `)})
        order by a.id, l.line_num`,
  );
  for (const { anchor, ...line } of found) out.set(anchor, [...(out.get(anchor) ?? []), line]);
  return out;
}
