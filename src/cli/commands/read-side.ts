import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { JobBackend } from '../../queue/backend.ts';
import { renderTable } from '../table.ts';

export async function statusCommand(db: Db, backend: JobBackend): Promise<string> {
  const docs = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from documents group by status order by status`);
  const qs = await rows<{ status: string; n: number }>(db, sql`select status, count(*)::int as n from questions group by status order by status`);
  const counts = await backend.counts();
  const queueRows = Object.entries(counts).map(([queue, c]) => ({ queue, ...c }));
  return [
    `queue backend: ${backend.kind}`,
    renderTable(queueRows),
    '',
    'documents by status:',
    renderTable(docs),
    '',
    'questions by status:',
    renderTable(qs),
  ].join('\n');
}

export async function docsCommand(db: Db): Promise<string> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`select d.id::int as id, d.file_name as file, d.status, d.page_count as pages,
          (select count(*)::int from lines l where l.document_id = d.id) as lines,
          (select count(*)::int from toc_entries t where t.document_id = d.id) as toc_entries,
          d.toc_source, coalesce(d.error_code || ': ' || d.error, '') as error
        from documents d order by d.id`,
  );
  return renderTable(r);
}

/** Runs a user query in a read-only transaction: `docintel sql` can look but never change. */
export async function sqlCommand(db: Db, query: string): Promise<Record<string, unknown>[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    const res = (await tx.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
    return res.rows ?? [];
  });
}
