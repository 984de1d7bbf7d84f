import type { Db } from '../db/client.ts';
import { documentStatuses, type DocumentStatus } from '../sql/document-statuses.ts';

/** Polls document rows until every one is parsed or failed: works for any number of worker processes. */
export async function waitForDocuments(
  db: Db,
  ids: number[],
  onProgress?: (done: number, statuses: DocumentStatus[]) => void,
  pollMs = 300,
): Promise<DocumentStatus[]> {
  for (;;) {
    const statuses = await documentStatuses(db, ids);
    const done = statuses.filter((s) => s.status === 'parsed' || s.status === 'failed').length;
    onProgress?.(done, statuses);
    if (done >= statuses.length) return statuses;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
