import type { Db } from '../db/client.ts';
import type { Logger } from '../log.ts';
import type { JobBackend } from '../queue/backend.ts';
import { parseJobId } from '../queue/job-schemas.ts';
import { safeErrorMessage } from '../sanitize.ts';
import { findUnfinishedDocuments, takeBackDocument } from '../sql/stranded-documents.ts';
import { failDocument } from './parse-document.ts';

/** A document found in `parsing` with no job this many times (a process died on it each time) is failed, not re-queued again. */
export const MAX_RECOVERIES = 2;

export interface Recovery {
  requeued: number[];
  failed: number[];
}

/**
 * Takes back documents left unfinished by a process that died or a job that was lost: each
 * one queued or parsing, untouched for `idleMs`, whose job the queue no longer holds, is queued
 * again; one whose job used up its retries without its failure being recorded is failed with
 * the job's reason; one a process has died on MAX_RECOVERIES times before is failed, so a PDF
 * that kills its worker cannot do so forever. Live jobs are left to the queue (BullMQ's stalled
 * check takes over a dead worker's active job).
 */
export async function recoverDocuments(
  deps: { db: Db; backend: JobBackend; log: Logger },
  opts: { idleMs: number; ids?: number[] },
): Promise<Recovery> {
  const out: Recovery = { requeued: [], failed: [] };
  const found = await findUnfinishedDocuments(deps.db, opts);
  if (found.length === 0) return out;
  const states = await deps.backend.parseJobStates(found.map((d) => ({ documentId: d.id, sha256: d.sha256 })));
  const requeue: { documentId: number; sha256: string }[] = [];
  for (const doc of found) {
    const job = states.get(doc.id) ?? { state: 'gone' as const };
    const ctx = { documentId: doc.id, jobId: parseJobId(doc.sha256), status: doc.status, attempts: doc.attempts };
    if (job.state === 'live') continue;
    if (job.state === 'failed') {
      await failDocument(deps, doc.id, 'internal', `the parse job failed and its failure was not recorded: ${safeErrorMessage(job.reason, 300)}`);
      deps.log.warn({ ...ctx, action: 'failed' }, 'recovered document: its job had failed');
      out.failed.push(doc.id);
    } else if (doc.status === 'parsing' && doc.recoveries >= MAX_RECOVERIES) {
      await failDocument(deps, doc.id, 'internal', `abandoned: the process parsing it stopped without finishing ${doc.recoveries + 1} times (worker died or its job was lost)`);
      deps.log.warn({ ...ctx, recoveries: doc.recoveries, action: 'failed' }, 'recovered document: given up after repeated deaths');
      out.failed.push(doc.id);
    } else if (await takeBackDocument(deps.db, doc)) {
      deps.log.info({ ...ctx, action: 'requeued' }, 'recovered document: its job was gone');
      requeue.push({ documentId: doc.id, sha256: doc.sha256 });
      out.requeued.push(doc.id);
    }
  }
  await deps.backend.enqueueParse(requeue);
  return out;
}
