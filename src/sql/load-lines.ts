import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { keywordQuery } from './keyword-query.ts';
import type { LineRow } from '../db/rows.ts';

const COLS = sql`l.id::int as "id", l.page_num as "pageNum", l.line_num as "lineNum", l.text, l.x0, l.size, l.bold, l.lead_in as "leadIn", p.label`;

/** Lines of a page range in reading order (a routed section is read whole). */
export async function loadLines(db: Db, documentId: number, pageStart: number, pageEnd: number): Promise<LineRow[]> {
  return rows<LineRow>(
    db,
    sql`select ${COLS} from lines l left join pages p on p.document_id = l.document_id and p.page_num = l.page_num
        where l.document_id = ${documentId} and not l.furniture and l.page_num between ${pageStart} and ${pageEnd}
        order by l.page_num, l.line_num`,
  );
}

/** One regex over every line of a document; the trigram index keeps this fast on large tables. */
export async function regexSweep(db: Db, documentId: number, pattern: string): Promise<LineRow[]> {
  return rows<LineRow>(
    db,
    sql`select ${COLS} from lines l left join pages p on p.document_id = l.document_id and p.page_num = l.page_num
        where l.document_id = ${documentId} and not l.furniture and l.text ~ ${pattern}
        order by l.page_num, l.line_num`,
  );
}

/** Lines matching any of the keywords (full-text), for broad retrieval. */
export async function keywordLines(db: Db, documentId: number, keywords: string[], limit = 400): Promise<(LineRow & { hits: number })[]> {
  if (keywords.length === 0) return [];
  const tsq = keywords.map((k) => sql`${keywordQuery(k)}`);
  const any = sql.join(tsq, sql` || `);
  const hitSum = sql.join(
    keywords.map((k) => sql`(to_tsvector('english', l.text) @@ ${keywordQuery(k)})::int`),
    sql` + `,
  );
  return rows<LineRow & { hits: number }>(
    db,
    sql`select ${COLS}, (${hitSum})::int as hits from lines l
        left join pages p on p.document_id = l.document_id and p.page_num = l.page_num
        where l.document_id = ${documentId} and to_tsvector('english', l.text) @@ (${any})
        order by hits desc, l.page_num, l.line_num limit ${limit}`,
  );
}


/** The first TOC entry after `id`'s subtree in document order (ids are pre-order): where a section ends. */
export async function nextEntryAfter(db: Db, documentId: number, id: number, level: number): Promise<{ page_start: number; line_start: number | null } | null> {
  const r = await rows<{ page_start: number; line_start: number | null }>(
    db,
    sql`select page_start, line_start from toc_entries
        where document_id = ${documentId} and id > ${id} and level <= ${level} and routable order by id limit 1`,
  );
  return r[0] ?? null;
}
