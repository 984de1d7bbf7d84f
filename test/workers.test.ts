import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { rows } from '../src/db/client.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import { ingestPaths } from '../src/producer/ingest.ts';
import { BullMqBackend } from '../src/queue/bullmq-backend.ts';
import { parseJobId } from '../src/queue/job-schemas.ts';
import { CORPUS, corpusFile, skipWithoutCorpus } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import { obliterateQueues, REDIS_URL, testApp, uniquePrefix } from './helpers/app.ts';
import { makePdf } from './helpers/make-pdf.ts';
import { cleanEnv, killAll, run, started, waitFor, withTimeout, type Proc } from './helpers/procs.ts';

describe('worker processes on real Postgres + Redis', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const prefixes: string[] = [];
  const apps: App[] = [];
  const procs: Proc[] = [];
  let tmp = '';

  const workerEnv = (prefix: string, extra: Record<string, string> = {}) =>
    cleanEnv({ DATABASE_URL: fresh.url, REDIS_URL, DOCINTEL_QUEUE_PREFIX: prefix, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_CONCURRENCY: '1', ...extra });
  const worker = (prefix: string, extra: Record<string, string> = {}) => {
    const p = run(['worker'], workerEnv(prefix, extra));
    procs.push(p);
    return p;
  };
  /** A producer-only app on the test database and a queue prefix of its own (it never consumes). */
  const producer = async (label: string) => {
    const prefix = uniquePrefix(label);
    prefixes.push(prefix);
    const app = await testApp({ databaseUrl: fresh.url, prefix });
    apps.push(app);
    return { prefix, app };
  };
  const status = async (id: number) =>
    (await rows<{ status: string; attempts: number }>(fresh.database.db, sql`select status, attempts from documents where id = ${id}`))[0]!;
  const counts = async (id: number) =>
    (
      await rows<{ lines: number; distinct_lines: number; pages: number; page_lines: number; toc: number }>(
        fresh.database.db,
        sql`select (select count(*)::int from lines where document_id = ${id}) as lines,
                   (select count(distinct (page_num, line_num))::int from lines where document_id = ${id}) as distinct_lines,
                   (select count(*)::int from pages where document_id = ${id}) as pages,
                   (select coalesce(sum(line_count), 0)::int from pages where document_id = ${id}) as page_lines,
                   (select count(*)::int from toc_entries where document_id = ${id}) as toc`,
      )
    )[0]!;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docintel-workers-'));
    fresh = await freshDatabase('workers');
  });

  afterAll(async () => {
    killAll(procs);
    for (const a of apps) await a.close().catch(() => {});
    for (const prefix of prefixes) await obliterateQueues(prefix);
    await fresh?.drop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('two workers share one queue: every document parsed once, both workers did work', async () => {
    const { prefix } = await producer('two');
    const a = worker(prefix);
    const b = worker(prefix);

    // Several small generated documents (distinct text, different sizes): the point is the hand-off, not the parser.
    const files: string[] = [];
    for (let i = 0; i < 4; i++) {
      const file = path.join(tmp, `two-${i}.pdf`);
      writeFileSync(
        file,
        await makePdf({
          pages: Array.from({ length: 2 + i }, (_, p) => [
            { text: `Document ${i} section ${p + 1}`, size: 16, bold: true },
            ...Array.from({ length: 5 + i }, (_, l) => ({ text: `doc ${i} page ${p + 1} line ${l + 1} of the body` })),
          ]),
        }),
      );
      files.push(file);
    }
    const expected = new Map<string, number>();
    for (const file of files) expected.set(file, (await parsePdf(new Uint8Array(readFileSync(file)), { pageCap: 2000 })).lines.length);
    // Both workers are up and idle before any job exists, so neither can take the whole batch alone.
    await Promise.all([started(a), started(b)]);

    // The producer is the CLI itself, returning at once.
    const ingest = run(['ingest', '--no-wait', ...files], workerEnv(prefix));
    const done = await withTimeout('ingest --no-wait', ingest.exited, 30_000);
    expect(done.code, ingest.stderr()).toBe(0);
    expect(ingest.stdout()).toContain(`queued: ${files.length}`);

    const docs = await rows<{ id: number; path: string }>(fresh.database.db, sql`select id::int as id, path from documents where path = any(${sql.param(files)}::text[])`);
    expect(docs).toHaveLength(files.length);
    await waitFor(
      'all documents parsed',
      async () => {
        const st = await Promise.all(docs.map((d) => status(d.id)));
        if (st.some((s) => s.status === 'failed')) throw new Error(`a document failed: ${JSON.stringify(st)}`);
        return st.every((s) => s.status === 'parsed');
      },
      90_000,
      200,
    );
    for (const d of docs) {
      const c = await counts(d.id);
      // Exactly one copy: the stored line count is a single parse's count.
      expect({ file: path.basename(d.path), lines: c.lines }).toEqual({ file: path.basename(d.path), lines: expected.get(d.path) });
      expect(c.distinct_lines).toBe(c.lines);
      expect(c.page_lines).toBe(c.lines);
      expect((await status(d.id)).attempts).toBe(1);
    }

    const parsedBy = (p: Proc) => p.logs.filter((l) => l.msg === 'document parsed').map((l) => l.documentId);
    const all = [...parsedBy(a), ...parsedBy(b)];
    expect(all.sort()).toEqual(docs.map((d) => d.id).sort());
    for (const p of [a, b]) {
      expect(p.logs.every((l) => l.pid === p.pid)).toBe(true);
      // Each worker takes one job at a time and a parse takes far longer than a queue hand-off.
      expect(parsedBy(p).length, `worker ${p.pid} parsed nothing`).toBeGreaterThan(0);
    }

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    const [ea, eb] = await withTimeout('workers to stop', Promise.all([a.exited, b.exited]), 30_000);
    expect(ea.code).toBe(0);
    expect(eb.code).toBe(0);
  });

  it.skipIf(skipWithoutCorpus)('recovers the job of a worker killed with SIGKILL mid-parse: parsed once by another worker', async () => {
    const { prefix, app } = await producer('kill');
    // A holds its job lock for 2 s only, so the lock of a dead A expires quickly.
    const a = worker(prefix, { DOCINTEL_JOB_LOCK_MS: '2000', DOCINTEL_STALLED_INTERVAL_MS: '1000' });
    await started(a);
    const [doc] = await ingestPaths(app.db, app.backend, [corpusFile(CORPUS.sp37)]);
    expect(doc!.outcome).toBe('queued');
    const id = doc!.documentId;

    await waitFor('worker A to start parsing', async () => (await status(id)).status === 'parsing', 30_000, 50);
    // Let the parser thread get going, then kill the whole process without any chance to clean up.
    await new Promise((r) => setTimeout(r, 300));
    a.child.kill('SIGKILL');
    const ea = await withTimeout('worker A to die', a.exited, 10_000);
    expect(ea.signal).toBe('SIGKILL');
    expect(await status(id)).toMatchObject({ status: 'parsing', attempts: 1 });
    expect((await counts(id)).lines).toBe(0);
    expect(a.logs.some((l) => l.msg === 'document parsed')).toBe(false);

    // B checks for stalled jobs every second; its own lock keeps the default, so a slow, loaded
    // machine cannot make B look stalled while it parses.
    const b = worker(prefix, { DOCINTEL_STALLED_INTERVAL_MS: '1000' });
    await waitFor('worker B to recover and parse the stalled document', async () => (await status(id)).status === 'parsed', 120_000, 250);
    const c = await counts(id);
    expect(c.pages).toBe(183);
    expect(c.lines).toBeGreaterThan(5000);
    expect(c.distinct_lines).toBe(c.lines);
    expect(c.page_lines).toBe(c.lines);
    expect(c.toc).toBeGreaterThan(0);
    expect((await status(id)).attempts).toBe(2);
    expect(b.logs.filter((l) => l.msg === 'document parsed').map((l) => l.documentId)).toEqual([id]);

    const job = await (app.backend as BullMqBackend).parseQueue.getJob(parseJobId(doc!.sha256));
    expect(await job!.getState()).toBe('completed');
    expect(job!.stalledCounter).toBe(1);

    b.child.kill('SIGTERM');
    expect((await withTimeout('worker B to stop', b.exited, 30_000)).code).toBe(0);
  });

  it.skipIf(skipWithoutCorpus)('SIGTERM while parsing: the worker finishes the active job, then exits 0', async () => {
    const { prefix, app } = await producer('term');
    const w = worker(prefix);
    await started(w);
    const [doc] = await ingestPaths(app.db, app.backend, [corpusFile(CORPUS.csf)]);
    const id = doc!.documentId;
    await waitFor('the worker to start parsing', async () => (await status(id)).status === 'parsing', 30_000, 50);
    w.child.kill('SIGTERM');
    const exit = await withTimeout('worker to exit after SIGTERM', w.exited, 90_000);
    expect(exit, w.stderr().slice(-2000)).toEqual({ code: 0, signal: null });
    // By the time the process is gone, the job it held is done and stored.
    expect(await status(id)).toMatchObject({ status: 'parsed', attempts: 1 });
    const c = await counts(id);
    expect(c.pages).toBe(32);
    expect(c.lines).toBeGreaterThan(0);
    const msgs = w.logs.map((l) => l.msg);
    const stopping = msgs.indexOf('worker stopping: finishing active jobs');
    expect(stopping).toBeGreaterThan(-1);
    expect(msgs.indexOf('document parsed')).toBeGreaterThan(stopping);
    expect(msgs.at(-1)).toBe('worker stopped');
    const job = await (app.backend as BullMqBackend).parseQueue.getJob(parseJobId(doc!.sha256));
    expect(await job!.getState()).toBe('completed');
  });

  it.skipIf(skipWithoutCorpus)('embedded default: no DATABASE_URL and no REDIS_URL ingests into PGlite in the data dir', async () => {
    const dataDir = path.join(tmp, 'embedded');
    const env = cleanEnv({ DOCINTEL_DATA_DIR: dataDir, DOCINTEL_LOG_LEVEL: 'warn' });
    const ingest = run(['ingest', corpusFile(CORPUS.scp)], env);
    const ie = await withTimeout('embedded ingest', ingest.exited, 90_000);
    expect(ie.code, ingest.stderr()).toBe(0);
    expect(ingest.stdout()).toContain('parsed: 1  failed: 0');

    const q = run(['sql', 'select count(*)::int as n from lines', '--json'], env);
    const qe = await withTimeout('embedded sql', q.exited, 60_000);
    expect(qe.code, q.stderr()).toBe(0);
    const n = (JSON.parse(q.stdout().trim().split('\n').at(-1)!) as { n: number }).n;
    expect(n).toBeGreaterThan(0);

    // A queue worker needs Redis: it says so and exits non-zero, and it does not touch any database.
    const noRedisDir = path.join(tmp, 'no-redis');
    const w = run(['worker'], cleanEnv({ DOCINTEL_DATA_DIR: noRedisDir }));
    const we = await withTimeout('worker without REDIS_URL', w.exited, 30_000);
    expect(we.code).not.toBe(0);
    expect(we.code).not.toBeNull();
    expect(w.stderr()).toMatch(/worker needs REDIS_URL/);
    expect(existsSync(noRedisDir)).toBe(false);
  });
});
