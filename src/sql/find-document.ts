import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';

export interface DocumentRef {
  id: number;
  file_name: string;
  path: string;
  status: string;
  page_count: number | null;
}

/** Resolves what a user typed (id, path, file name or a unique part of it) to one stored document. */
export async function findDocument(db: Db, ref: string): Promise<DocumentRef> {
  const q = ref.trim();
  const r = await rows<DocumentRef>(
    db,
    sql`select id::int as id, file_name, path, status, page_count from documents
        where sha256 not like 'unreadable:%' and (
          (${/^\d+$/.test(q)} and id = ${/^\d+$/.test(q) ? Number(q) : -1})
          or path = ${q} or file_name = ${q} or file_name ilike ${'%' + q + '%'} or title ilike ${'%' + q + '%'})
        order by (path = ${q} or file_name = ${q}) desc, id`,
  );
  if (r.length === 0) {
    throw new NotFoundError('not_found', `no stored document matches "${ref}" (ingest it first: docintel ingest <folder>, or list documents with docintel docs)`);
  }
  const exact = r.filter((d) => d.path === q || d.file_name === q || String(d.id) === q);
  if (exact.length >= 1) return exact[0]!;
  if (r.length > 1) {
    throw new NotFoundError('ambiguous', `"${ref}" matches ${r.length} documents: ${r.map((d) => d.file_name).join(', ')} (name one by its id or full file name; docintel docs lists them)`);
  }
  return r[0]!;
}
