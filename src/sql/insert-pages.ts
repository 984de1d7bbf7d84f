import { pages } from '../db/schema.ts';
import type { DbOrTx } from '../db/tx.ts';
import type { ParsedPage } from '../parse/types.ts';

export async function insertPages(db: DbOrTx, documentId: number, parsed: ParsedPage[]): Promise<void> {
  if (parsed.length === 0) return;
  await db.insert(pages).values(parsed.map((p) => ({ documentId, ...p })));
}
