import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '../src/queue/job-schemas.ts';
import { obliterateQueues, REDIS_URL, uniquePrefix } from './helpers/app.ts';
import { freshDatabase } from './helpers/db.ts';
import { makePdf } from './helpers/make-pdf.ts';
import { cleanEnv, killAll, run, started, waitFor, withTimeout, type Proc } from './helpers/procs.ts';
import { freePort, OwnPostgres, OwnRedis } from './helpers/services.ts';

/** `good` generated PDFs (several pages, so a parse takes a moment) and one file that is no PDF at all. */
async function batch(dir: string, good: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < good; i++) {
    const pages = Array.from({ length: 12 }, (_, p) => [
      { text: `Report ${i} chapter ${p + 1}`, size: 16, bold: true },
      ...Array.from({ length: 30 }, (_, l) => ({ text: `report ${i} chapter ${p + 1} line ${l + 1} with enough words to fill it` })),
    ]);
    writeFileSync(path.join(dir, `report-${i}.pdf`), await makePdf({ pages }));
  }
  writeFileSync(path.join(dir, 'not-a-pdf.pdf'), 'this is a plain text file with a .pdf name\n');
  return dir;
}

type Status = { status: string; n: number };
async function statusCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  try {
    await c.connect();
    const r = await c.query<Status>('select status, count(*)::int as n from documents group by status');
    return Object.fromEntries(r.rows.map((x) => [x.status, x.n]));
  } finally {
    await c.end().catch(() => {});
  }
}

// The producer's records are read as JSON (DOCINTEL_LOG_FORMAT=json); a terminal gets human lines.
const logMessages = (p: Proc, prefix: string) => p.logs.filter((l) => typeof l.msg === 'string' && l.msg.startsWith(prefix));

/** The producer's exit, stdout and logs once its batch is done: the normal summary, exit 2 for the one bad file, no stack traces. */
async function expectNormalFinish(producer: Proc, good: number) {
  const exit = await withTimeout(`the producer to finish (stderr: ${producer.stderr().slice(-1500)})`, producer.exited, 120_000);
  expect(exit, producer.stderr().slice(-2000)).toEqual({ code: 2, signal: null });
  expect(producer.stdout()).toContain(`parsed: ${good}  failed: 1  skipped as duplicates: 0`);
  expect(producer.stdout()).toMatch(/not-a-pdf\.pdf.*not_pdf/);
  // Raw errors with stack traces (what a dying producer printed) never appear.
  expect(producer.stderr()).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(producer.stderr()).not.toMatch(/Unhandled error event/);
}

describe('the waiting producer rides out a Redis SIGKILL and restart (own redis-server, worker process)', () => {
  let dir = '';
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let redis: OwnRedis;
  const procs: Proc[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-outage-redis-'));
    mkdirSync(path.join(dir, 'redis'));
    redis = new OwnRedis(await freePort(), path.join(dir, 'redis'));
    await redis.start();
    fresh = await freshDatabase('outage_redis');
  });
  afterAll(async () => {
    killAll(procs);
    await redis?.kill();
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('kill -9 while `docintel ingest` waits, restart on the same port: the batch finishes, the producer says so once and prints the summary', async () => {
    const good = 5;
    const files = await batch(path.join(dir, 'batch'), good);
    const env = cleanEnv({ DATABASE_URL: fresh.url, REDIS_URL: redis.url, DOCINTEL_QUEUE_PREFIX: 'outage', DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_LOG_FORMAT: 'json', DOCINTEL_CONCURRENCY: '1' });
    const worker = run(['worker'], env);
    procs.push(worker);
    await started(worker);
    const producer = run(['ingest', '--no-local-worker', files], env);
    procs.push(producer);

    // Mid-batch: at least one document done, at least one still to do.
    await waitFor('the first document to be parsed', async () => ((await statusCounts(fresh.url)).parsed ?? 0) >= 1, 60_000, 50);
    await redis.kill();
    const atKill = await statusCounts(fresh.url);
    expect((atKill.queued ?? 0) + (atKill.parsing ?? 0), JSON.stringify(atKill)).toBeGreaterThan(0);
    await waitFor('the producer to notice', () => logMessages(producer, 'waiting for Redis').length > 0, 15_000);
    // A few seconds of outage: ioredis retries many times meanwhile.
    await new Promise((r) => setTimeout(r, 3000));
    expect(producer.child.exitCode).toBeNull();
    await redis.start();

    await expectNormalFinish(producer, good);
    const waiting = logMessages(producer, 'waiting for Redis');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ service: 'Redis', where: `127.0.0.1:${redis.port}`, level: 40 });
    expect(logMessages(producer, 'Redis is back')).toHaveLength(1);
    expect(await statusCounts(fresh.url)).toEqual({ parsed: good, failed: 1 });
    // Every document stored once, however the outage cut into its job.
    const c = new pg.Client({ connectionString: fresh.url });
    await c.connect();
    const dup = await c.query('select document_id, page_num, line_num, count(*) from lines group by 1, 2, 3 having count(*) > 1');
    await c.end();
    expect(dup.rows).toEqual([]);

    worker.child.kill('SIGTERM');
    expect((await withTimeout('worker to stop', worker.exited, 30_000)).code).toBe(0);
  });
});

describe('the waiting producer rides out Postgres going away (own cluster restarted; a dropped connection on the shared server)', () => {
  let dir = '';
  const prefixes: string[] = [];
  const procs: Proc[] = [];
  let own: OwnPostgres;
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-outage-pg-'));
    own = new OwnPostgres(await freePort());
  });
  afterAll(async () => {
    killAll(procs);
    own?.shutdown();
    await fresh?.drop();
    for (const p of prefixes) await obliterateQueues(p);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const waitingOnBatch = (producer: Proc, total: number) =>
    waitFor(`the producer to wait on its batch (stderr: ${producer.stderr().slice(-800)})`, () => producer.stderr().includes(`parsing: 0/${total}`), 60_000);

  it('own cluster stopped and started while `docintel ingest` waits: it says so once, keeps waiting, and a worker then finishes the batch', async () => {
    expect(OwnPostgres.available(), 'postgres server binaries (initdb, pg_ctl) under /usr/lib/postgresql').toBe(true);
    await own.init();
    own.start();
    const url = await own.createDatabase('docintel_outage');
    const prefix = uniquePrefix('pgout');
    prefixes.push(prefix);
    const good = 3;
    const files = await batch(path.join(dir, 'batch-own'), good);
    const env = cleanEnv({ DATABASE_URL: url, REDIS_URL, DOCINTEL_QUEUE_PREFIX: prefix, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_LOG_FORMAT: 'json', DOCINTEL_CONCURRENCY: '1' });
    // No worker yet: the producer enqueues and waits, polling Postgres.
    const producer = run(['ingest', '--no-local-worker', files], env);
    procs.push(producer);
    await waitingOnBatch(producer, good + 1);
    own.stop();
    await waitFor('the producer to notice', () => logMessages(producer, 'waiting for Postgres').length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(producer.child.exitCode).toBeNull();
    own.start();
    await waitFor('the producer to see Postgres back', () => logMessages(producer, 'Postgres is back').length > 0, 30_000);

    const worker = run(['worker'], env);
    procs.push(worker);
    await expectNormalFinish(producer, good);
    const waiting = logMessages(producer, 'waiting for Postgres');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ service: 'Postgres', where: `127.0.0.1:${own.port}/docintel_outage`, level: 40 });
    expect(await statusCounts(url)).toEqual({ parsed: good, failed: 1 });
    worker.child.kill('SIGTERM');
    expect((await withTimeout('worker to stop', worker.exited, 30_000)).code).toBe(0);
  });

  it("shared server: the producer's connections terminated while it waits (pg_terminate_backend): it reconnects and finishes", async () => {
    fresh = await freshDatabase('outage_drop');
    const prefix = uniquePrefix('pgdrop');
    prefixes.push(prefix);
    const good = 2;
    const files = await batch(path.join(dir, 'batch-drop'), good);
    const env = cleanEnv({ DATABASE_URL: fresh.url, REDIS_URL, DOCINTEL_QUEUE_PREFIX: prefix, DOCINTEL_LOG_LEVEL: 'info', DOCINTEL_LOG_FORMAT: 'json', DOCINTEL_CONCURRENCY: '1' });
    const producer = run(['ingest', '--no-local-worker', files], env);
    procs.push(producer);
    await waitingOnBatch(producer, good + 1);
    // Only this test database's backends, and not our own: the shared server itself stays up.
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    const killed = await admin.query<{ pid: number }>(
      'select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(killed.rows.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(producer.child.exitCode).toBeNull();
    const worker = run(['worker'], env);
    procs.push(worker);
    await expectNormalFinish(producer, good);
    // Queue left as the batch ended: nothing waiting.
    const conn = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const q = new Queue(QUEUES.parse, { connection: conn, prefix });
    expect(await q.getJobCounts('waiting', 'active', 'delayed')).toEqual({ waiting: 0, active: 0, delayed: 0 });
    await q.close();
    conn.disconnect();
    worker.child.kill('SIGTERM');
    expect((await withTimeout('worker to stop', worker.exited, 30_000)).code).toBe(0);
  });
});
