import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import type { DbOrTx } from '../db/tx.ts';

export interface DocumentRow {
  id: number;
  sha256: string;
  path: string;
  file_name: string;
  status: 'queued' | 'parsing' | 'parsed' | 'failed';
}

/** Row-locks a document inside a transaction so two workers never write the same document's rows. */
export async function lockDocument(tx: DbOrTx, documentId: number): Promise<DocumentRow | null> {
  const r = await rows<DocumentRow>(
    tx as never,
    sql`select id::int as id, sha256, path, file_name, status from documents where id = ${documentId} for update`,
  );
  return r[0] ?? null;
}

/** Reads a document row without locking (outside a transaction a lock would end at once anyway). */
export async function getDocument(db: DbOrTx, documentId: number): Promise<DocumentRow | null> {
  const r = await rows<DocumentRow>(db as never, sql`select id::int as id, sha256, path, file_name, status from documents where id = ${documentId}`);
  return r[0] ?? null;
}
