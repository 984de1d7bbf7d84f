import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { ingestCommand } from '../src/cli/commands/ingest.ts';
import { rows, type Db } from '../src/db/client.ts';
import { createLogger } from '../src/log.ts';
import { BullMqBackend } from '../src/queue/bullmq-backend.ts';
import { startWorkers } from '../src/queue/bullmq-worker.ts';
import { InProcessBackend } from '../src/queue/inprocess-backend.ts';
import { parseJobId } from '../src/queue/job-schemas.ts';
import { markDocumentParsing } from '../src/sql/mark-document.ts';
import { registerDocument } from '../src/sql/register-document.ts';
import { touchDocuments } from '../src/sql/stranded-documents.ts';
import { failDocument } from '../src/workers/parse-document.ts';
import { MAX_RECOVERIES, recoverDocuments } from '../src/workers/recover-documents.ts';
import { obliterateQueues, REDIS_URL, testApp, uniquePrefix } from './helpers/app.ts';
import { freshDatabase } from './helpers/db.ts';
import { makePdf } from './helpers/make-pdf.ts';
import { cleanEnv, killAll, run, started, waitFor, withTimeout, type Proc } from './helpers/procs.ts';

type Row = { status: string; error_code: string | null; error: string | null; attempts: number; recoveries: number; lines: number };

const docRow = async (db: Db, id: number): Promise<Row> =>
  (
    await rows<Row>(
      db,
      sql`select status, error_code, error, attempts, recoveries, (select count(*)::int from lines where document_id = ${id}) as lines from documents where id = ${id}`,
    )
  )[0]!;

/** A document left by a process that died: in `status`, last touched `ageS` seconds ago (backdated, as pg-boss tests expiry; no sleeping). */
async function strand(db: Db, file: string, opts: { status: 'queued' | 'parsing'; ageS: number; recoveries?: number; sha?: string }): Promise<number> {
  const doc = await registerDocument(db, { sha256: opts.sha ?? `sha-${path.basename(file)}`, path: file, fileName: path.basename(file), byteSize: 1 });
  await db.execute(sql`update documents set status = ${opts.status}, attempts = ${opts.status === 'parsing' ? 1 : 0}, recoveries = ${opts.recoveries ?? 0},
    updated_at = now() - make_interval(secs => ${opts.ageS}) where id = ${doc.id}`);
  return doc.id;
}

async function smallPdf(dir: string, name: string, words: string): Promise<string> {
  const file = path.join(dir, name);
  writeFileSync(file, await makePdf({ pages: [[{ text: `${words} heading`, size: 16, bold: true }, { text: `${words} body line one` }, { text: `${words} body line two` }]] }));
  return file;
}

describe('no document is left behind in parsing', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase('noleft');
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('failDocument still records the code when writing the reason fails', async () => {
    const { db } = fresh.database;
    const doc = await registerDocument(db, { sha256: 'fallback', path: '/f.pdf', fileName: 'f.pdf', byteSize: 1 });
    await markDocumentParsing(db, doc.id);
    // The first transaction fails (as a write of an unstorable reason did), later ones go through.
    let calls = 0;
    const flaky = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return (fn: Parameters<Db['transaction']>[0]) => {
            calls += 1;
            if (calls === 1) return Promise.reject(new Error('invalid byte sequence for encoding "UTF8": 0x00'));
            return target.transaction(fn);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    await failDocument({ db: flaky }, doc.id, 'corrupt', 'a reason the database refused');
    expect(calls).toBe(2);
    const [r] = await rows<{ status: string; error_code: string; error: string }>(db, sql`select status, error_code, error from documents where id = ${doc.id}`);
    expect(r!.status).toBe('failed');
    expect(r!.error_code).toBe('corrupt');
    expect(r!.error).toMatch(/^corrupt \(the original error could not be stored: invalid byte sequence/);
  });

  it('in-process: a failure handler that throws neither ends the batch nor escapes as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const ran: number[] = [];
    try {
      const backend = new InProcessBackend(
        {
          parse: async (job) => {
            ran.push(job.documentId);
            if (job.documentId === 1) throw new Error('parser thread crashed');
            return job.documentId;
          },
          answer: async () => undefined,
          onGiveUp: async () => {
            throw new Error('could not write the failure');
          },
        },
        { concurrency: 1, log: createLogger('silent'), maxAttempts: 1 },
      );
      await backend.enqueueParse([1, 2, 3].map((documentId) => ({ documentId, sha256: `s${documentId}` })));
      await backend.idle();
      await new Promise((r) => setTimeout(r, 50));
      expect(ran).toEqual([1, 2, 3]);
      expect((await backend.counts()).inprocess).toMatchObject({ completed: 2, failed: 1, waiting: 0, active: 0 });
      await backend.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('in-process on Postgres: the next ingest re-queues stranded documents, fails a repeat casualty and leaves a live one alone', async () => {
    const { db } = fresh.database;
    const dir = mkdtempSync(path.join(tmpdir(), 'docintel-noleft-'));
    let app: App | undefined;
    try {
      const files = await Promise.all(['parsing', 'queued', 'casualty', 'live', 'batch'].map((w) => smallPdf(dir, `${w}.pdf`, `${w} document`)));
      const [parsingFile, queuedFile, casualtyFile, liveFile, batchFile] = files as [string, string, string, string, string];
      const parsing = await strand(db, parsingFile, { status: 'parsing', ageS: 3600 });
      const queued = await strand(db, queuedFile, { status: 'queued', ageS: 3600 });
      const casualty = await strand(db, casualtyFile, { status: 'parsing', ageS: 3600, recoveries: MAX_RECOVERIES });
      // Touched 5 s ago, under the 60 s default: some other live process holds it.
      const live = await strand(db, liveFile, { status: 'parsing', ageS: 5 });

      app = await testApp({ databaseUrl: fresh.url, redis: false });
      // The batch names none of them: recovery is of the whole database, not of the paths given.
      const summary = await ingestCommand(app, [batchFile], { wait: true, localWorker: true, quiet: true });
      expect(summary.parsed).toBe(1);
      expect(summary.recovered).toEqual({ requeued: 2, failed: 1 });
      await app.close();
      app = undefined;

      expect(await docRow(db, parsing)).toMatchObject({ status: 'parsed', error_code: null, recoveries: 1, attempts: 2 });
      expect((await docRow(db, parsing)).lines).toBeGreaterThan(0);
      // Queued but never started: taken back without counting as a death.
      expect(await docRow(db, queued)).toMatchObject({ status: 'parsed', recoveries: 0, attempts: 1 });
      const c = await docRow(db, casualty);
      expect(c).toMatchObject({ status: 'failed', error_code: 'internal', lines: 0, recoveries: MAX_RECOVERIES });
      expect(c.error).toMatch(/^abandoned: the process parsing it stopped without finishing 3 times/);
      expect(await docRow(db, live)).toMatchObject({ status: 'parsing', recoveries: 0, attempts: 1 });
    } finally {
      await app?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in-process: documents a running backend holds are live and kept touched, so another start does not take them', async () => {
    const { db } = fresh.database;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const holder = new InProcessBackend({ parse: () => gate, answer: async () => undefined }, { concurrency: 1, log: createLogger('silent') });
    const a = await strand(db, '/held-a.pdf', { status: 'parsing', ageS: 3600 });
    const b = await strand(db, '/held-b.pdf', { status: 'queued', ageS: 3600 });
    await holder.enqueueParse([a, b].map((documentId) => ({ documentId, sha256: `sha-held-${documentId === a ? 'a' : 'b'}.pdf` })));
    expect(holder.heldDocumentIds().sort()).toEqual([a, b].sort());
    // Its own recovery sees them live.
    expect(await recoverDocuments({ db, backend: holder, log: createLogger('silent') }, { idleMs: 0, ids: [a, b] })).toEqual({ requeued: [], failed: [] });
    // The heartbeat the app runs; another process's start (its own backend holds nothing) then finds nothing idle.
    await touchDocuments(db, holder.heldDocumentIds());
    const other = new InProcessBackend({ parse: async () => undefined, answer: async () => undefined }, { concurrency: 1, log: createLogger('silent') });
    expect(await recoverDocuments({ db, backend: other, log: createLogger('silent') }, { idleMs: 60_000, ids: [a, b] })).toEqual({ requeued: [], failed: [] });
    expect((await docRow(db, a)).status).toBe('parsing');
    release();
    await holder.close();
    expect(holder.heldDocumentIds()).toEqual([]);
  });

  it('embedded PGlite: one process only, so anything unfinished at start is recovered at once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docintel-noleft-pglite-'));
    const app = await testApp({ redis: false, dataDir: ':memory:' });
    try {
      const file = await smallPdf(dir, 'pglite.pdf', 'embedded');
      // Touched this very moment: on server Postgres that would be someone else's.
      const id = await strand(app.db, file, { status: 'parsing', ageS: 0 });
      const summary = await ingestCommand(app, [await smallPdf(dir, 'other.pdf', 'other')], { wait: true, localWorker: true, quiet: true });
      expect(summary.recovered).toEqual({ requeued: 1, failed: 0 });
      await app.backend.close();
      expect(await docRow(app.db, id)).toMatchObject({ status: 'parsed', recoveries: 1 });
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('no document left behind with BullMQ: a starting `docintel worker` takes back what Redis no longer holds', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const prefix = uniquePrefix('noleft');
  const procs: Proc[] = [];
  let dir = '';

  beforeAll(async () => {
    fresh = await freshDatabase('noleft_bull');
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-noleft-bull-'));
  });
  afterAll(async () => {
    killAll(procs);
    await obliterateQueues(prefix);
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a job that is gone is re-queued and parsed; a job that failed unrecorded fails its document with the reason; a waiting job is left to the queue', async () => {
    const { db } = fresh.database;
    const lostFile = await smallPdf(dir, 'lost.pdf', 'lost job');
    const failedFile = await smallPdf(dir, 'failed.pdf', 'failed job');
    const waitingFile = await smallPdf(dir, 'waiting.pdf', 'waiting job');
    const lost = await strand(db, lostFile, { status: 'parsing', ageS: 3600, sha: 'sha-lost' });
    const failed = await strand(db, failedFile, { status: 'parsing', ageS: 3600, sha: 'sha-failed' });
    const waiting = await strand(db, waitingFile, { status: 'queued', ageS: 3600, sha: 'sha-waiting' });

    // A job that used up its retries while its failure could not be written (Postgres was down):
    // the handler fails it, onGiveUp records nothing.
    const conn = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const backend = new BullMqBackend(conn, prefix);
    try {
      const workerConn = conn.duplicate();
      const w = startWorkers(
        { parse: async () => Promise.reject(new UnrecoverableError('could not write rows: connection terminated')), answer: async () => undefined },
        { connection: workerConn, prefix, concurrency: 1, log: createLogger('silent') },
      );
      await backend.enqueueParse([{ documentId: failed, sha256: 'sha-failed' }]);
      await waitFor('the job to fail', async () => (await backend.parseQueue.getJobState(parseJobId('sha-failed'))) === 'failed', 30_000);
      await w.close();
      workerConn.disconnect();
      // A job still waiting in Redis: the worker will simply run it, recovery must not touch the row.
      await backend.parseQueue.add('parse', { documentId: waiting, sha256: 'sha-waiting' }, { jobId: parseJobId('sha-waiting') });
      expect((await backend.parseJobStates([{ documentId: lost, sha256: 'sha-lost' }, { documentId: failed, sha256: 'sha-failed' }, { documentId: waiting, sha256: 'sha-waiting' }]))).toEqual(
        new Map([
          [lost, { state: 'gone' }],
          [failed, { state: 'failed', reason: 'could not write rows: connection terminated' }],
          [waiting, { state: 'live' }],
        ]),
      );
    } finally {
      await backend.close();
      conn.disconnect();
    }

    const worker = run(['worker'], cleanEnv({ DATABASE_URL: fresh.url, REDIS_URL, DOCINTEL_QUEUE_PREFIX: prefix, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_CONCURRENCY: '1' }));
    procs.push(worker);
    await started(worker);
    expect(worker.logs.find((l) => l.msg === 'worker started')).toMatchObject({ recoveredRequeued: 1, recoveredFailed: 1 });
    await waitFor('the lost and the waiting documents to be parsed', async () => (await docRow(db, lost)).status === 'parsed' && (await docRow(db, waiting)).status === 'parsed', 60_000, 200);
    expect(await docRow(db, lost)).toMatchObject({ status: 'parsed', recoveries: 1 });
    expect(await docRow(db, waiting)).toMatchObject({ status: 'parsed', recoveries: 0 });
    const f = await docRow(db, failed);
    expect(f).toMatchObject({ status: 'failed', error_code: 'internal', lines: 0 });
    expect(f.error).toBe('the parse job failed and its failure was not recorded: could not write rows: connection terminated');
    const recoveredLogs = worker.logs.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('recovered document'));
    expect(recoveredLogs.map((l) => [l.documentId, l.action]).sort()).toEqual([[failed, 'failed'], [lost, 'requeued']].sort());
    worker.child.kill('SIGTERM');
    expect((await withTimeout('worker to stop', worker.exited, 30_000)).code).toBe(0);
  });
});
