import { eq } from 'drizzle-orm';
import { identifiers, lines, listItems, lists, pages, tocEntries } from '../db/schema.ts';
import type { DbOrTx } from '../db/tx.ts';

/** Removes a document's parse output so a retry or a failure never leaves partial rows. */
export async function deleteDocumentRows(db: DbOrTx, documentId: number): Promise<void> {
  await db.delete(lines).where(eq(lines.documentId, documentId));
  await db.delete(pages).where(eq(pages.documentId, documentId));
  await db.delete(tocEntries).where(eq(tocEntries.documentId, documentId));
  await db.delete(listItems).where(eq(listItems.documentId, documentId));
  await db.delete(lists).where(eq(lists.documentId, documentId));
  await db.delete(identifiers).where(eq(identifiers.documentId, documentId));
}
