import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { LineRow } from '../db/rows.ts';

/**
 * The body lines that follow each of some lines on its page (at most `limit` each, in reading
 * order), in one statement: where an item's opening line carries on.
 */
export async function linesAfter(db: Db, documentId: number, lineIds: number[], limit: number): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>();
  if (!lineIds.length) return out;
  const found = await rows<LineRow & { anchor: number }>(
    db,
    sql`select a.id::int as anchor, l.id::int as "id", l.page_num as "pageNum", l.line_num as "lineNum", l.text, l.x0, l.size, l.bold, l.lead_in as "leadIn", null as label
        from lines a
        cross join lateral (
          select * from lines n
          where n.document_id = a.document_id and n.page_num = a.page_num and n.line_num > a.line_num and not n.furniture
          order by n.line_num limit ${limit}
        ) l
        where a.document_id = ${documentId} and a.id in (${sql.join(lineIds.map((id) => sql`${id}`), sql`, `)})
        order by a.id, l.line_num`,
  );
  for (const { anchor, ...line } of found) out.set(anchor, [...(out.get(anchor) ?? []), line]);
  return out;
}
