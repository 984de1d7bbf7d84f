import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tocEntries } from '../../db/schema.ts';
import { findDocument } from '../../sql/find-document.ts';
import { renderTocTree } from '../../toc/index.ts';

export async function tocCommand(db: Db, ref: string, opts: { all?: boolean }): Promise<string> {
  const doc = await findDocument(db, ref);
  const entries = await db.select().from(tocEntries).where(eq(tocEntries.documentId, doc.id)).orderBy(asc(tocEntries.id));
  const shown = opts.all ? entries : entries.filter((e) => e.routable);
  return `${doc.file_name} (document ${doc.id}): ${shown.length} of ${entries.length} entries\n${renderTocTree(shown)}`;
}
