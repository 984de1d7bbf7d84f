import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { ingestCommand, printIngestSummary, type IngestSummary } from '../src/cli/commands/ingest.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { BullMqBackend, JOB_ATTEMPTS } from '../src/queue/bullmq-backend.ts';
import { InProcessBackend } from '../src/queue/inprocess-backend.ts';
import { startWorkers } from '../src/queue/bullmq-worker.ts';
import { parseJobId } from '../src/queue/job-schemas.ts';
import { redisConnection } from '../src/queue/redis.ts';
import { createHandlers } from '../src/workers/handlers.ts';
import { CORPUS, corpusFile, skipWithoutCorpus } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import { obliterateQueues, REDIS_URL, testApp, uniquePrefix } from './helpers/app.ts';
import { makeImageOnlyPdf, makePdf, makeZeroPagePdf } from './helpers/make-pdf.ts';

const PAGE_CAP = 20; // the small corpus PDF has 18 pages: under the cap

interface DocRow {
  id: number;
  path: string;
  sha256: string;
  status: string;
  error_code: string | null;
  error: string | null;
  attempts: number;
  page_count: number | null;
  lines: number;
  pages: number;
  toc: number;
}

// Reads two corpus PDFs (a small good one, and the FEMA policy cut in half as a corrupt one).
describe.skipIf(skipWithoutCorpus)('a batch with every kind of bad input (real Postgres + BullMQ)', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  const prefix = uniquePrefix('badinput');
  let dir = '';
  const f = (name: string) => path.join(dir, name);
  // Expected error code per input path; good inputs are listed separately.
  const bad: Record<string, string> = {};
  const good: string[] = [];
  let vanished: { documentId: number; sha256: string };
  let summary: IngestSummary;
  let printed = '';
  let docs: DocRow[] = [];
  const byPath = (p: string) => docs.find((d) => d.path === p)!;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-bad-'));
    // Good inputs: a small real PDF and a generated one.
    good.push(corpusFile(CORPUS.scp));
    writeFileSync(
      f('good-generated.pdf'),
      await makePdf({ pages: [[{ text: 'Generated heading', size: 18, bold: true }, { text: 'A line of body text.' }], [{ text: 'Second page text.' }]] }),
    );
    good.push(f('good-generated.pdf'));

    // Bad inputs, one of each kind.
    writeFileSync(f('notes-named.pdf'), 'just some text, not a PDF\nsecond line\n');
    bad[f('notes-named.pdf')] = 'not_pdf';
    writeFileSync(f('readme.txt'), 'plain text passed explicitly\n');
    bad[f('readme.txt')] = 'not_pdf';
    const real = readFileSync(corpusFile(CORPUS.fema));
    writeFileSync(f('truncated.pdf'), real.subarray(0, Math.floor(real.length / 2)));
    bad[f('truncated.pdf')] = 'corrupt';
    writeFileSync(f('corrupt.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(30_000), Buffer.from('\n%%EOF\n')]));
    bad[f('corrupt.pdf')] = 'corrupt';
    writeFileSync(f('encrypted.pdf'), await makePdf({ pages: [[{ text: 'top secret' }]], userPassword: 'hunter2' }));
    bad[f('encrypted.pdf')] = 'encrypted';
    writeFileSync(f('zero-pages.pdf'), makeZeroPagePdf());
    bad[f('zero-pages.pdf')] = 'empty';
    writeFileSync(f('zero-bytes.pdf'), Buffer.alloc(0));
    bad[f('zero-bytes.pdf')] = 'empty';
    writeFileSync(f('scanned.pdf'), await makeImageOnlyPdf(3));
    bad[f('scanned.pdf')] = 'no_text';
    writeFileSync(f('too-long.pdf'), await makePdf({ pages: Array.from({ length: PAGE_CAP + 5 }, (_, i) => [{ text: `page ${i + 1}` }]) }));
    bad[f('too-long.pdf')] = 'too_many_pages';
    bad[f('does-not-exist.pdf')] = 'unreadable';

    fresh = await freshDatabase('badinput');
    app = await testApp({ databaseUrl: fresh.url, prefix, env: { DOCINTEL_PAGE_CAP: String(PAGE_CAP) } });

    // A file that is there when it is enqueued but gone when a worker reads it (before any worker runs).
    const gone = path.join(mkdtempSync(path.join(tmpdir(), 'docintel-gone-')), 'vanishing.pdf');
    writeFileSync(gone, await makePdf({ pages: [[{ text: 'here now, gone soon' }]] }));
    const [v] = await ingestPaths(app.db, app.backend, [gone]);
    expect(v!.outcome).toBe('queued');
    vanished = { documentId: v!.documentId, sha256: v!.sha256 };
    rmSync(path.dirname(gone), { recursive: true, force: true });

    // The folder (PDF-named files only), the .txt named explicitly, a missing path and the corpus file.
    summary = await ingestCommand(app, [dir, f('readme.txt'), f('does-not-exist.pdf'), corpusFile(CORPUS.scp)], {
      wait: true,
      localWorker: true,
      quiet: true,
    });
    // The vanished document was enqueued before the batch; make sure it is finished too.
    for (let i = 0; i < 200; i++) {
      const r = await rows<{ status: string }>(app.db, sql`select status from documents where id = ${vanished.documentId}`);
      if (r[0]!.status === 'parsed' || r[0]!.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => {
      printed += a.join(' ') + '\n';
    });
    printIngestSummary(summary);
    log.mockRestore();

    docs = await rows<DocRow>(
      app.db,
      sql`select d.id::int as id, d.path, d.sha256, d.status, d.error_code, d.error, d.attempts, d.page_count,
            (select count(*)::int from lines l where l.document_id = d.id) as lines,
            (select count(*)::int from pages p where p.document_id = d.id) as pages,
            (select count(*)::int from toc_entries t where t.document_id = d.id) as toc
          from documents d order by d.id`,
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await obliterateQueues(prefix);
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('registers one document per input and parses the good ones (the batch goes on)', () => {
    expect(docs).toHaveLength(good.length + Object.keys(bad).length + 1);
    for (const p of good) {
      const d = byPath(p);
      expect(d, p).toBeDefined();
      expect(d.status, p).toBe('parsed');
      expect(d.error_code, p).toBeNull();
      expect(d.lines, p).toBeGreaterThan(0);
      expect(d.pages, p).toBe(d.page_count);
    }
    expect(byPath(corpusFile(CORPUS.scp)).pages).toBe(18);
    expect(byPath(f('good-generated.pdf')).pages).toBe(2);
    expect(summary.parsed).toBe(good.length);
  });

  it('fails each bad input with the right error code and a one-line reason', () => {
    for (const [p, code] of Object.entries(bad)) {
      const d = byPath(p);
      expect(d, p).toBeDefined();
      expect({ path: p, status: d.status, code: d.error_code }).toEqual({ path: p, status: 'failed', code });
      expect(d.error, p).toBeTruthy();
      expect(d.error!, p).not.toMatch(/[\r\n]/);
      expect(d.error!.length, p).toBeLessThanOrEqual(300);
    }
    expect(byPath(f('does-not-exist.pdf')).error).toContain('does not exist');
    expect(byPath(f('too-long.pdf')).error).toContain(`page cap of ${PAGE_CAP}`);
  });

  it('fails a file that disappears between ingest and parse as unreadable', () => {
    const d = docs.find((x) => x.id === vanished.documentId)!;
    expect(d.status).toBe('failed');
    expect(d.error_code).toBe('unreadable');
    expect(d.error).not.toMatch(/[\r\n]/);
    expect(d.attempts).toBe(1);
  });

  it('leaves no lines, pages or toc entries for failed documents', () => {
    const failed = docs.filter((d) => d.status === 'failed');
    expect(failed).toHaveLength(Object.keys(bad).length + 1);
    for (const d of failed) expect({ path: d.path, lines: d.lines, pages: d.pages, toc: d.toc }).toEqual({ path: d.path, lines: 0, pages: 0, toc: 0 });
  });

  it('does not retry bad input: one attempt on the row and on the BullMQ job', async () => {
    const queue = (app.backend as BullMqBackend).parseQueue;
    for (const [p, code] of Object.entries(bad)) {
      const d = byPath(p);
      if (code === 'unreadable' && d.sha256.startsWith('unreadable:')) {
        // Never enqueued: the producer could not read it, so no job and no parse attempt.
        expect(d.attempts, p).toBe(0);
        expect(await queue.getJob(parseJobId(d.sha256)), p).toBeUndefined();
        continue;
      }
      expect(d.attempts, p).toBe(1);
      const job = await queue.getJob(parseJobId(d.sha256));
      expect(job, p).toBeDefined();
      // Bad input is an outcome, not an error: the job completes on its first attempt with the verdict.
      expect(job!.attemptsMade, p).toBe(1);
      expect(job!.attemptsStarted, p).toBe(1);
      expect(await job!.getState(), p).toBe('completed');
      expect(job!.returnvalue, p).toMatchObject({ status: 'failed', code });
    }
    const gone = await queue.getJob(parseJobId(vanished.sha256));
    expect(gone!.attemptsMade).toBe(1);
    expect(gone!.returnvalue).toMatchObject({ status: 'failed', code: 'unreadable' });
    for (const p of good) expect(byPath(p).attempts, p).toBe(1);
    const counts = await app.backend.counts();
    expect(counts.parse!.delayed ?? 0).toBe(0);
    expect(counts.parse!.waiting ?? 0).toBe(0);
    expect(counts.parse!.active ?? 0).toBe(0);
  });

  it('lists every failure in the ingest summary, with its code and reason', () => {
    expect(summary.failed).toHaveLength(Object.keys(bad).length);
    for (const [p, code] of Object.entries(bad)) {
      const s = summary.failed.find((x) => x.path === p);
      expect(s, p).toBeDefined();
      expect(s!.code, p).toBe(code);
      expect(s!.reason, p).toBeTruthy();
    }
    expect(printed).toContain(`parsed: ${good.length}  failed: ${Object.keys(bad).length}`);
    for (const [p, code] of Object.entries(bad)) {
      const line = printed.split('\n').find((l) => l.includes(path.basename(p)));
      expect(line, p).toBeDefined();
      expect(line, p).toContain(code);
    }
  });

  it('re-ingesting the same bad files is a no-op: they are not parsed again', async () => {
    const again = await ingestCommand(app, [dir, f('readme.txt'), f('does-not-exist.pdf')], { wait: true, localWorker: false, quiet: true });
    expect(again.parsed).toBe(0);
    expect(again.failed.map((x) => x.code).sort()).toEqual(Object.values(bad).sort());
    const r = await rows<{ n: number; attempts: number }>(
      app.db,
      sql`select count(*)::int as n, coalesce(max(attempts), 0)::int as attempts from documents`,
    );
    expect(r[0]!.n).toBe(docs.length);
    expect(r[0]!.attempts).toBe(1);
  });
});

describe('a transient failure, unlike bad input, is retried and can be retried again later', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  const prefix = uniquePrefix('transient');
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-transient-'));
    fresh = await freshDatabase('transient');
    app = await testApp({ databaseUrl: fresh.url, prefix });
  });

  afterAll(async () => {
    await app?.close();
    await obliterateQueues(prefix);
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives up after the retries with error_code internal and no rows; re-ingesting parses it', async () => {
    const file = path.join(dir, 'flaky.pdf');
    writeFileSync(file, await makePdf({ pages: [[{ text: 'Flaky heading', size: 16, bold: true }, { text: 'Body line.' }]] }));
    const [doc] = await ingestPaths(app.db, app.backend, [file]);
    const id = doc!.documentId;

    // A worker whose parse step hits an infrastructure error (not the document's fault) every time.
    let calls = 0;
    const real = createHandlers({ config: app.config, log: app.log, db: app.db, runId: app.runId, getBackend: () => app.backend });
    const conn = redisConnection(REDIS_URL);
    const flaky = startWorkers(
      {
        ...real,
        parse: async () => {
          calls += 1;
          throw new Error('connection terminated unexpectedly\n    while writing lines');
        },
      },
      { connection: conn, prefix, concurrency: 1, log: app.log },
    );
    try {
      const end = Date.now() + 30_000;
      for (;;) {
        const r = await rows<{ status: string }>(app.db, sql`select status from documents where id = ${id}`);
        if (r[0]!.status === 'failed') break;
        if (Date.now() > end) throw new Error('the flaky document never failed');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await flaky.close();
      conn.disconnect();
    }
    expect(calls).toBe(JOB_ATTEMPTS);
    const job = await (app.backend as BullMqBackend).parseQueue.getJob(parseJobId(doc!.sha256));
    expect(await job!.getState()).toBe('failed');
    expect(job!.attemptsMade).toBe(JOB_ATTEMPTS);
    const [failed] = await rows<{ status: string; error_code: string; error: string; lines: number }>(
      app.db,
      sql`select status, error_code, error, (select count(*)::int from lines where document_id = ${id}) as lines from documents where id = ${id}`,
    );
    expect(failed).toMatchObject({ status: 'failed', error_code: 'internal', lines: 0 });
    expect(failed!.error).toContain('connection terminated unexpectedly');
    expect(failed!.error).not.toMatch(/[\r\n]/);

    // The infrastructure is fine again: ingesting the same file retries the document instead of waiting forever.
    let timer: NodeJS.Timeout | undefined;
    const summary = await Promise.race([
      ingestCommand(app, [file], { wait: true, localWorker: true, quiet: true }),
      new Promise<never>((_, rej) => (timer = setTimeout(() => rej(new Error('re-ingest of an internally failed document never finished')), 30_000))),
    ]).finally(() => clearTimeout(timer));
    expect(summary.failed).toEqual([]);
    expect(summary.parsed).toBe(1);
    const [ok] = await rows<{ status: string; error_code: string | null; lines: number }>(
      app.db,
      sql`select status, error_code, (select count(*)::int from lines where document_id = ${id}) as lines from documents where id = ${id}`,
    );
    expect(ok).toMatchObject({ status: 'parsed', error_code: null });
    expect(ok!.lines).toBe(2);
  });

  it('in-process (no Redis): the same retry semantics, and a failed job can be enqueued again', async () => {
    const seen: string[] = [];
    let failNext = true;
    const backend = new InProcessBackend(
      {
        parse: async (job) => {
          seen.push(failNext ? 'fail' : 'ok');
          if (failNext) throw new Error('transient');
          return job.documentId;
        },
        answer: async () => undefined,
        onGiveUp: async () => {
          seen.push('gave up');
        },
      },
      { concurrency: 1, log: app.log, maxAttempts: 2 },
    );
    await backend.enqueueParse([{ documentId: 1, sha256: 'abc' }]);
    await backend.idle();
    expect(seen).toEqual(['fail', 'fail', 'gave up']);
    failNext = false;
    await backend.enqueueParse([{ documentId: 1, sha256: 'abc' }]);
    await backend.idle();
    expect(seen).toEqual(['fail', 'fail', 'gave up', 'ok']);
    // A job that succeeded is not run again (as with BullMQ's job ids).
    await backend.enqueueParse([{ documentId: 1, sha256: 'abc' }]);
    await backend.idle();
    expect(seen).toHaveLength(4);
    await backend.close();
  });
});
