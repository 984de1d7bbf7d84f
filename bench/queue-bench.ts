import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { defaultJobOptions } from '../src/queue/bullmq-backend.ts';
import { redisConnection } from '../src/queue/redis.ts';
import { log } from './env.ts';
import type { Figures } from './table.ts';

/** Same retention and retry options the app's queues use. */
const jobOptions = defaultJobOptions;

/** Redis version, or null when nothing answers at the URL within two seconds. */
export async function redisVersion(url: string): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    const info = await probe.info('server');
    return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  } catch {
    return null;
  } finally {
    probe.disconnect();
  }
}

/**
 * No-op jobs through real BullMQ: addBulk the jobs first (producer rate), then start a Worker with
 * an empty processor and time until every job has completed (consumer rate = per-job overhead).
 * Runs under a unique prefix and obliterates its queue afterwards.
 */
export async function benchQueue(url: string, jobs: number, concurrencies: number[], figs: Figures): Promise<void> {
  const prefix = `docintel-bench-${randomBytes(4).toString('hex')}`;
  for (const concurrency of concurrencies) {
    const name = `noop-c${concurrency}`;
    const conn = redisConnection(url);
    const workerConn = redisConnection(url);
    const queue = new Queue(name, { connection: conn, prefix, defaultJobOptions: jobOptions });
    let worker: Worker | undefined;
    try {
      await queue.waitUntilReady();
      const a0 = performance.now();
      for (let i = 0; i < jobs; i += 1000) {
        const n = Math.min(1000, jobs - i);
        await queue.addBulk(Array.from({ length: n }, (_, k) => ({ name: 'noop', data: { i: i + k }, opts: { jobId: `j-${i + k}` } })));
      }
      const addMs = performance.now() - a0;

      let done = 0;
      let failed = 0;
      const w = new Worker(name, async () => undefined, { connection: workerConn, prefix, concurrency, autorun: false });
      worker = w;
      const finished = new Promise<void>((resolve) => {
        const check = () => {
          if (done + failed >= jobs) resolve();
        };
        w.on('completed', () => {
          done++;
          check();
        });
        w.on('failed', () => {
          failed++;
          check();
        });
      });
      await w.waitUntilReady();
      const p0 = performance.now();
      void w.run();
      await finished;
      const procMs = performance.now() - p0;
      log(`  queue c=${concurrency}: ${jobs} jobs added in ${addMs.toFixed(0)} ms, processed in ${procMs.toFixed(0)} ms${failed ? `, ${failed} failed` : ''}`);
      if (concurrency === concurrencies[0]) {
        figs.add('queue: addBulk', jobs / (addMs / 1000), 'jobs/s', `${jobs} jobs in batches of 1000, app job options`);
      }
      figs.add(`queue: no-op jobs, worker concurrency ${concurrency}`, jobs / (procMs / 1000), 'jobs/s', `${((procMs / jobs) * 1000).toFixed(0)} µs overhead per job; real BullMQ Worker on Redis${failed ? `; ${failed} failed` : ''}`);
    } finally {
      await worker?.close().catch(() => {});
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close().catch(() => {});
      conn.disconnect();
      workerConn.disconnect();
    }
  }
}
