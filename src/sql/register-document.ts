import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import type { DbOrTx } from '../db/tx.ts';

export interface RegisteredDocument {
  id: number;
  sha256: string;
  status: 'queued' | 'parsing' | 'parsed' | 'failed';
  created: boolean;
  file_name: string;
}

/**
 * Inserts a document by content hash or returns the existing one: the same bytes
 * ingested twice (even under another name) are one document.
 */
export async function registerDocument(
  db: DbOrTx,
  doc: { sha256: string; path: string; fileName: string; byteSize: number | null },
): Promise<RegisteredDocument> {
  const r = await rows<RegisteredDocument>(
    db as never,
    sql`with ins as (
          insert into documents (sha256, path, file_name, byte_size, status)
          values (${doc.sha256}, ${doc.path}, ${doc.fileName}, ${doc.byteSize}, 'queued')
          on conflict (sha256) do nothing
          returning id::int as id, sha256, status, true as created, file_name)
        select * from ins
        union all
        select id::int, sha256, status, false, file_name from documents where sha256 = ${doc.sha256}
        limit 1`,
  );
  return r[0]!;
}
