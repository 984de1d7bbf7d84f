import type { App } from '../../app.ts';
import { DocintelError } from '../../errors.ts';
import { checkInputFolders, describeInputs } from '../../producer/discover-files.ts';
import { ingestPaths } from '../../producer/ingest.ts';
import { waitForDocuments } from '../../producer/wait-for-documents.ts';
import { safeErrorMessage } from '../../sanitize.ts';
import { createProgress } from '../progress.ts';
import { renderTable } from '../table.ts';

export interface IngestSummary {
  parsed: number;
  failed: { path: string; code: string | null; reason: string | null }[];
  duplicates: number;
  pending: number;
  documentIds: number[];
  /** Documents an earlier run left unfinished, taken back at this start (not part of the counts above). */
  recovered: { requeued: number; failed: number };
}

/**
 * Ingests paths and (unless told not to) waits for the batch, returning a summary. A missing folder
 * or a batch with no PDF at all fails at once, naming what was read.
 */
export async function ingestCommand(app: App, paths: string[], opts: { wait: boolean; localWorker: boolean; quiet?: boolean }): Promise<IngestSummary> {
  await checkInputFolders(paths);
  if (opts.wait && opts.localWorker) await app.startLocalWorker();
  // Before registering this batch: whatever a dead process or a lost job left behind is queued again or failed.
  const recovery = await app.recover();
  const recovered = { requeued: recovery.requeued.length, failed: recovery.failed.length };
  const results = await ingestPaths(app.db, app.backend, paths);
  if (results.length === 0) {
    throw new DocintelError('empty', `no PDF files found in ${describeInputs(paths)} (folders are searched recursively for *.pdf)`);
  }
  const ids = [...new Set(results.map((r) => r.documentId))];
  const duplicates = results.filter((r) => r.outcome === 'duplicate').length;
  if (!opts.wait) {
    return { parsed: 0, failed: [], duplicates, pending: results.filter((r) => r.outcome === 'queued').length, documentIds: ids, recovered };
  }
  const bar = opts.quiet ? null : createProgress('parsing', ids.length);
  const statuses = await waitForDocuments(
    app.db,
    ids,
    (done, st) => {
      const current = st.find((s) => s.status === 'parsing');
      bar?.update(done, current ? current.file_name : '');
    },
    { outages: app.outages, databaseWhere: app.databaseWhere, recheck: (unfinished) => recheckBatch(app, unfinished) },
  );
  bar?.stop();
  const fresh = new Set(results.filter((r) => r.outcome !== 'duplicate').map((r) => r.documentId));
  return {
    parsed: statuses.filter((s) => s.status === 'parsed' && fresh.has(s.id)).length,
    failed: statuses.filter((s) => s.status === 'failed').map((s) => ({ path: s.path, code: s.error_code, reason: s.error })),
    duplicates,
    pending: 0,
    documentIds: ids,
    recovered,
  };
}

/** A batch document whose job vanished (Redis lost it, a worker gave up while Postgres was down) is queued again or failed. */
async function recheckBatch(app: App, unfinished: number[]): Promise<void> {
  try {
    const r = await app.recover(unfinished);
    if (r.requeued.length || r.failed.length) app.log.warn({ requeued: r.requeued, failed: r.failed }, 'batch documents had lost their jobs');
  } catch (e) {
    // Most likely an outage (reported by its own watcher); the next check runs after it.
    app.log.debug({ err: safeErrorMessage(e) }, 'batch recheck failed');
  }
}

export function printIngestSummary(s: IngestSummary): void {
  if (s.recovered.requeued || s.recovered.failed) {
    console.log(`recovered from an earlier run: ${s.recovered.requeued} re-queued, ${s.recovered.failed} failed`);
  }
  console.log(`parsed: ${s.parsed}  failed: ${s.failed.length}  skipped as duplicates: ${s.duplicates}${s.pending ? `  queued: ${s.pending}` : ''}`);
  if (s.failed.length) console.log(renderTable(s.failed.map((f) => ({ file: f.path, code: f.code, reason: f.reason }))));
}
