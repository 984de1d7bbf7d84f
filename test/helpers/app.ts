import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { QUEUES } from '../../src/queue/job-schemas.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniquePrefix(label: string): string {
  return `dt-${label}-${randomBytes(4).toString('hex')}`;
}

/** An app on a given database, with its own queue prefix on the real Redis (or in-process when redis is false). */
export async function testApp(opts: { databaseUrl?: string; dataDir?: string; redis?: boolean; prefix?: string; env?: Record<string, string> }): Promise<App> {
  const env: Record<string, string> = {
    DOCINTEL_LOG_LEVEL: 'silent',
    DOCINTEL_QUEUE_PREFIX: opts.prefix ?? uniquePrefix('t'),
    DOCINTEL_DATA_DIR: opts.dataDir ?? ':memory:',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.redis === false ? {} : { REDIS_URL: REDIS_URL }),
    ...opts.env,
  };
  return createApp({ config: loadConfig(env) });
}

/** Removes every key of a test's queues so the shared Redis is left as it was. */
export async function obliterateQueues(prefix: string): Promise<void> {
  const conn = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  for (const name of Object.values(QUEUES)) {
    const q = new Queue(name, { connection: conn, prefix });
    await q.obliterate({ force: true }).catch(() => {});
    await q.close();
  }
  conn.disconnect();
}
