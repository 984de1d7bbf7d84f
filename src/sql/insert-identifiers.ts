import { identifiers } from '../db/schema.ts';
import type { DbOrTx } from '../db/tx.ts';
import type { IdentifierRow } from '../structure/build-structure.ts';

const BATCH = 1000;

/** Writes a document's identifier index (inside the parse job's transaction). */
export async function insertIdentifiers(db: DbOrTx, documentId: number, rows: IdentifierRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(identifiers).values(rows.slice(i, i + BATCH).map((r) => ({ documentId, ...r })));
  }
}
