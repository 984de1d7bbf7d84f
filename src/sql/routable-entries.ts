import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

export interface RoutableEntry {
  id: number;
  parentId: number | null;
  title: string;
  pageStart: number;
  pageEnd: number;
  lineStart: number | null;
}

/** Every routable TOC entry of a document, in pre-order (the TOC as routing sees it). */
export async function routableEntries(db: Db, documentId: number): Promise<RoutableEntry[]> {
  return rows<RoutableEntry>(
    db,
    sql`select id, parent_id as "parentId", title, page_start as "pageStart", page_end as "pageEnd", line_start as "lineStart"
        from toc_entries where document_id = ${documentId} and routable order by id`,
  );
}
