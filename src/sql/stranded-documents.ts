import { sql } from 'drizzle-orm';
import { rows } from '../db/client.ts';
import type { DbOrTx } from '../db/tx.ts';

export interface StrandedDocument {
  id: number;
  sha256: string;
  status: 'queued' | 'parsing';
  attempts: number;
  recoveries: number;
}

/**
 * Documents not finished whose owner has not touched them for `idleMs` (or, with `ids`, only
 * those of a batch). Whether their job is still alive is the queue's to say, not this query's.
 */
export async function findUnfinishedDocuments(db: DbOrTx, opts: { idleMs: number; ids?: number[] }): Promise<StrandedDocument[]> {
  const only = opts.ids ? sql`and id = any(${sql.param(opts.ids)}::bigint[])` : sql``;
  return rows<StrandedDocument>(
    db as never,
    sql`select id::int as id, sha256, status, attempts, recoveries from documents
        where status in ('queued', 'parsing') and updated_at <= now() - make_interval(secs => ${opts.idleMs / 1000}) ${only}
        order by id`,
  );
}

/**
 * Takes a document back for re-queueing: queued again, counted as a recovery when a process had
 * been parsing it. Conditional on the status it was found in, so of two starts recovering at
 * once only one wins; returns whether this one did.
 */
export async function takeBackDocument(db: DbOrTx, doc: StrandedDocument): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db as never,
    sql`update documents set status = 'queued', recoveries = recoveries + ${doc.status === 'parsing' ? 1 : 0}, updated_at = now()
        where id = ${doc.id} and status = ${doc.status} and recoveries = ${doc.recoveries}
        returning id::int as id`,
  );
  return r.length > 0;
}

/** Heartbeat of an in-process run: the documents it holds are not anyone else's to recover. */
export async function touchDocuments(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update documents set updated_at = now() where id = any(${sql.param(ids)}::bigint[]) and status in ('queued', 'parsing')`);
}
