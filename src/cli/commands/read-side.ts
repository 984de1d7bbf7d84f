import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { JobBackend } from '../../queue/backend.ts';
import { renderTable } from '../table.ts';
import { DocintelError } from '../../errors.ts';

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

/**
 * Runs a user query in a read-only transaction: `docintel sql` can look but never change.
 * Exactly one statement is allowed, since a second one (`commit; delete …`) would run after the
 * read-only transaction ended under node-postgres' simple query protocol.
 */
export async function sqlCommand(db: Db, query: string): Promise<Record<string, unknown>[]> {
  const statement = singleStatement(query);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    const res = (await tx.execute(sql.raw(statement))) as unknown as { rows: Record<string, unknown>[] };
    return res.rows ?? [];
  });
}

/** Returns the query without trailing semicolons; throws when it holds more than one statement. */
export function singleStatement(query: string): string {
  const q = query.trim().replace(/;\s*$/, '');
  let quote: string | null = null;
  for (let i = 0; i < q.length; i++) {
    const c = q[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '-' && q[i + 1] === '-') {
      const nl = q.indexOf('\n', i);
      i = nl < 0 ? q.length : nl;
    } else if (c === ';') throw new DocintelError('sql', 'docintel sql runs one statement at a time');
    else if (c === '$' && /^\$[A-Za-z_]*\$/.test(q.slice(i))) throw new DocintelError('sql', 'dollar-quoted strings are not accepted by docintel sql');
  }
  return q;
}
