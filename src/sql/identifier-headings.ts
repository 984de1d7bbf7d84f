import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

/**
 * The heading each code was defined under in the identifier index ("Derived Security
 * Requirements" over "3.14.4"), keyed "code@page:line" by where it was defined: a code can be
 * defined again elsewhere (a table of them) under another heading or none.
 */
export async function identifierHeadings(db: Db, documentId: number, codes: string[]): Promise<Map<string, string | null>> {
  if (!codes.length) return new Map();
  const found = await rows<{ code: string; page_num: number; line_num: number; heading: string | null }>(
    db,
    sql`select code, page_num, line_num, heading from identifiers
        where document_id = ${documentId} and code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`,
  );
  return new Map(found.map((f) => [`${f.code}@${f.page_num}:${f.line_num}`, f.heading]));
}
