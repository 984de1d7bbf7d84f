import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import type { DbOrTx } from '../db/tx.ts';

export interface RegisteredDocument {
  id: number;
  sha256: string;
  status: 'queued' | 'parsing' | 'parsed' | 'failed';
  created: boolean;
  file_name: string;
  error_code: string | null;
  error: string | null;
}

/**
 * Inserts a document by content hash or returns the existing one: the same bytes
 * ingested twice (even under another name) are one document.
 */
export async function registerDocument(
  db: DbOrTx,
  doc: { sha256: string; path: string; fileName: string; byteSize: number | null },
): Promise<RegisteredDocument> {
  // "do update" (a no-op write) instead of "do nothing" returns the row even when another producer
  // inserted the same content a moment earlier; xmax = 0 tells whether this statement created it.
  const r = await rows<RegisteredDocument>(
    db as never,
    sql`insert into documents (sha256, path, file_name, byte_size, status)
        values (${doc.sha256}, ${doc.path}, ${doc.fileName}, ${doc.byteSize}, 'queued')
        on conflict (sha256) do update set sha256 = excluded.sha256
        returning id::int as id, sha256, status, (xmax = 0) as created, file_name, error_code, error`,
  );
  return r[0]!;
}
