import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

export interface Span {
  key: number;
  from: { pageNum: number; lineNum: number };
  to: { pageNum: number; lineNum: number };
}

/**
 * The body lines strictly between two positions, for many spans in one statement (at most
 * `limit` lines each, in reading order): the opening text of each TOC entry, read at once.
 */
export async function linesBetween(db: Db, documentId: number, spans: Span[], limit: number): Promise<Map<number, { pageNum: number; lineNum: number; text: string }[]>> {
  const out = new Map<number, { pageNum: number; lineNum: number; text: string }[]>();
  if (!spans.length) return out;
  const values = sql.join(
    spans.map((s) => sql`(${s.key}::int, ${s.from.pageNum}::int, ${s.from.lineNum}::int, ${s.to.pageNum}::int, ${s.to.lineNum}::int)`),
    sql`, `,
  );
  const found = await rows<{ key: number; pageNum: number; lineNum: number; text: string }>(
    db,
    sql`select s.key, l.page_num as "pageNum", l.line_num as "lineNum", l.text
        from (values ${values}) as s(key, p0, l0, p1, l1)
        cross join lateral (
          select page_num, line_num, text from lines
          where document_id = ${documentId} and not furniture
            and (page_num, line_num) > (s.p0, s.l0) and (page_num, line_num) < (s.p1, s.l1)
          order by page_num, line_num limit ${limit}
        ) l
        order by s.key, l.page_num, l.line_num`,
  );
  for (const f of found) out.set(f.key, [...(out.get(f.key) ?? []), f]);
  return out;
}
