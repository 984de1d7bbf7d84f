import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

/** How many TOC entries of the document carry each of the titles (as written). */
export async function titleCounts(db: Db, documentId: number, titles: string[]): Promise<Map<string, number>> {
  if (!titles.length) return new Map();
  const found = await rows<{ title: string; n: number }>(
    db,
    sql`select title, count(*)::int as n from toc_entries
        where document_id = ${documentId} and title in (${sql.join(titles.map((t) => sql`${t}`), sql`, `)})
        group by title`,
  );
  return new Map(found.map((f) => [f.title, f.n]));
}
