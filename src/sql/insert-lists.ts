import { listItems, lists } from '../db/schema.ts';
import type { DbOrTx } from '../db/tx.ts';
import type { StructureModel } from '../structure/build-structure.ts';

const BATCH = 1000;

/** Writes a document's lists and list items (inside the parse job's transaction). */
export async function insertLists(db: DbOrTx, documentId: number, model: Pick<StructureModel, 'lists' | 'items'>): Promise<void> {
  for (let i = 0; i < model.lists.length; i += BATCH) {
    await db.insert(lists).values(model.lists.slice(i, i + BATCH).map((l) => ({ documentId, ...l })));
  }
  for (let i = 0; i < model.items.length; i += BATCH) {
    await db.insert(listItems).values(model.items.slice(i, i + BATCH).map((it) => ({ documentId, ...it })));
  }
}
