import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createLogger, type LogFormat, type Logger } from './log.ts';
import type { JobBackend, JobHandlers } from './queue/backend.ts';
import { BullMqBackend } from './queue/bullmq-backend.ts';
import { startWorkers } from './queue/bullmq-worker.ts';
import { InProcessBackend } from './queue/inprocess-backend.ts';
import { redisConnection, watchRedis } from './queue/redis.ts';
import { OutageReporter } from './outages.ts';
import { touchDocuments } from './sql/stranded-documents.ts';
import { recoverDocuments, type Recovery } from './workers/recover-documents.ts';
import { createHandlers } from './workers/handlers.ts';
import { RedisRateLimiter } from './llm/redis-rate-limiter.ts';

export interface App {
  config: Config;
  log: Logger;
  database: Database;
  db: Db;
  backend: JobBackend;
  runId: string;
  /** Says once per outage that Redis or Postgres is gone and the command keeps waiting. */
  outages: OutageReporter;
  /** Where the database is (host:port/name, or the embedded data dir), for messages: never the URL with its credentials. */
  databaseWhere: string;
  /**
   * Takes back documents a dead process or a lost job left unfinished (see recoverDocuments):
   * all that were idle long enough, or, given the ids of a batch this process waits on, those of
   * them whose job is gone right now.
   */
  recover(ids?: number[]): Promise<Recovery>;
  /** Starts consuming the queues in this process (BullMQ mode); in-process mode always consumes. */
  startLocalWorker(opts?: { lockDurationMs?: number; stalledIntervalMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export function newRunId(): string {
  return `${new Date().toISOString().replace(/[-:.TZ]/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
}

/** Wires configuration, database, queue backend and job handlers for one CLI command or test. */
export async function createApp(opts: { env?: NodeJS.ProcessEnv; config?: Config; log?: Logger; runId?: string; logFormat?: LogFormat } = {}): Promise<App> {
  const config = opts.config ?? loadConfig(opts.env);
  // DOCINTEL_LOG_FORMAT wins; otherwise the caller's choice (the worker asks for JSON), else lines for a person.
  const log = opts.log ?? createLogger(config.DOCINTEL_LOG_LEVEL, config.DOCINTEL_LOG_FORMAT ?? opts.logFormat ?? 'human');
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DOCINTEL_DATA_DIR });
  const runId = opts.runId ?? newRunId();
  let backend: JobBackend;
  const closers: (() => Promise<void>)[] = [];
  let startLocalWorker: App['startLocalWorker'];
  const outages = new OutageReporter(log);
  const producerConn = config.REDIS_URL ? redisConnection(config.REDIS_URL) : null;
  const redisWatch = producerConn ? watchRedis(producerConn, outages) : null;
  // With Redis, the LLM requests-per-minute budget is one budget for all worker processes.
  const llmLimiter = producerConn ? new RedisRateLimiter(producerConn, `${config.DOCINTEL_QUEUE_PREFIX}:llm-rate`, config.DOCINTEL_LLM_RPM) : undefined;
  const handlers: JobHandlers = createHandlers({ config, log, db: database.db, runId, getBackend: () => backend, llmLimiter });
  if (config.REDIS_URL && producerConn) {
    const bull = new BullMqBackend(producerConn, config.DOCINTEL_QUEUE_PREFIX);
    backend = bull;
    startLocalWorker = async (w = {}) => {
      const conn = redisConnection(config.REDIS_URL!);
      const workers = startWorkers(handlers, {
        connection: conn,
        prefix: config.DOCINTEL_QUEUE_PREFIX,
        concurrency: config.DOCINTEL_CONCURRENCY,
        log,
        lockDurationMs: w.lockDurationMs ?? config.DOCINTEL_JOB_LOCK_MS,
        stalledIntervalMs: w.stalledIntervalMs ?? config.DOCINTEL_STALLED_INTERVAL_MS,
      });
      await Promise.all(workers.workers.map((x) => x.waitUntilReady()));
      closers.push(async () => {
        await workers.close();
        conn.disconnect();
      });
    };
    closers.push(async () => {
      redisWatch?.stop();
      await bull.close();
      producerConn.disconnect();
    });
  } else {
    const inproc = new InProcessBackend(handlers, { concurrency: config.DOCINTEL_CONCURRENCY, log });
    backend = inproc;
    startLocalWorker = async () => {};
    // Heartbeat: another process's start must not take back what this one still holds. An
    // embedded database has one process, so it needs none.
    const heartbeat =
      database.kind === 'postgres'
        ? setInterval(() => {
            touchDocuments(database.db, inproc.heldDocumentIds()).catch((e) => log.debug({ err: String(e) }, 'heartbeat failed'));
          }, Math.max(250, Math.floor(config.DOCINTEL_RECOVER_AFTER_MS / 4)))
        : null;
    heartbeat?.unref();
    closers.push(async () => {
      await inproc.close();
      if (heartbeat) clearInterval(heartbeat);
    });
  }
  // On an embedded database nothing else can hold a document: anything unfinished at start is stranded.
  const idleMs = database.kind === 'pglite' ? 0 : config.DOCINTEL_RECOVER_AFTER_MS;
  return {
    config,
    log,
    database,
    db: database.db,
    backend,
    runId,
    outages,
    databaseWhere: databaseWhere(config),
    recover: (ids) => recoverDocuments({ db: database.db, backend, log }, ids ? { idleMs: 0, ids } : { idleMs }),
    startLocalWorker,
    async close() {
      // Workers first (they finish their jobs), then queues, then the database they write to.
      for (const c of closers.reverse()) await c();
      await database.close();
    },
  };
}

function databaseWhere(config: Config): string {
  if (!config.DATABASE_URL) return `embedded database in ${config.DOCINTEL_DATA_DIR}`;
  const u = new URL(config.DATABASE_URL);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}
