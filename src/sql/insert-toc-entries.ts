import { tocEntries } from '../db/schema.ts';
import type { DbOrTx } from '../db/tx.ts';
import type { TocRow } from '../toc/types.ts';

export async function insertTocEntries(db: DbOrTx, documentId: number, entries: TocRow[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(tocEntries).values(entries.slice(i, i + 1000).map((e) => ({ documentId, ...e })));
  }
}
