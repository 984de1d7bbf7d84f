import type { Db } from '../db/client.ts';
import { isConnectionError } from '../db/query-errors.ts';
import { documentStatuses, type DocumentStatus } from '../sql/document-statuses.ts';
import type { OutageReporter } from '../outages.ts';

export interface WaitOptions {
  pollMs?: number;
  /** Reports a lost database connection once and keeps polling; without it such an error is thrown. */
  outages?: OutageReporter;
  /** Where the database is, for the outage notice. */
  databaseWhere?: string;
  /**
   * Called with the unfinished ids every `recheckMs` and after an outage: the caller makes sure
   * each still has a job (a lost job would otherwise be waited for forever). Not called while
   * Redis is reported down; it handles its own errors.
   */
  recheck?: (unfinished: number[]) => Promise<void>;
  recheckMs?: number;
}

/** Polls document rows until every one is parsed or failed: works for any number of worker processes. */
export async function waitForDocuments(
  db: Db,
  ids: number[],
  onProgress?: (done: number, statuses: DocumentStatus[]) => void,
  opts: WaitOptions | number = {},
): Promise<DocumentStatus[]> {
  const o: WaitOptions = typeof opts === 'number' ? { pollMs: opts } : opts;
  const pollMs = o.pollMs ?? 300;
  let lastRecheck = Date.now();
  let recheckDue = false;
  o.outages?.onBack(() => (recheckDue = true));
  for (;;) {
    let statuses: DocumentStatus[];
    try {
      statuses = await documentStatuses(db, ids);
    } catch (e) {
      if (!o.outages || !isConnectionError(e)) throw e;
      o.outages.lost('Postgres', o.databaseWhere ?? 'DATABASE_URL', e);
      await new Promise((r) => setTimeout(r, Math.max(pollMs, 1000)));
      continue;
    }
    o.outages?.back('Postgres');
    const unfinished = statuses.filter((s) => s.status !== 'parsed' && s.status !== 'failed');
    onProgress?.(statuses.length - unfinished.length, statuses);
    if (unfinished.length === 0) return statuses;
    if (o.recheck && !o.outages?.isDown('Redis') && (recheckDue || Date.now() - lastRecheck >= (o.recheckMs ?? 30_000))) {
      recheckDue = false;
      lastRecheck = Date.now();
      await o.recheck(unfinished.map((s) => s.id));
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
