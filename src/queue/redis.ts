import { Redis } from 'ioredis';
import type { OutageReporter } from '../outages.ts';

/** BullMQ workers block on Redis, so their connections must never give up on a request. */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/**
 * Reports a Redis connection's outages (ioredis reconnects by itself). The listener also stops
 * ioredis printing "Unhandled error event" with a stack trace for every failed reconnect.
 */
export function watchRedis(conn: Redis, outages: OutageReporter): { stop(): void } {
  let stopped = false;
  const where = `${conn.options.host ?? 'localhost'}:${conn.options.port ?? 6379}`;
  const lost = (err: unknown) => {
    if (!stopped) outages.lost('Redis', where, err);
  };
  conn.on('error', lost);
  conn.on('close', () => lost(new Error('connection closed')));
  conn.on('ready', () => outages.back('Redis'));
  return {
    stop: () => {
      stopped = true;
    },
  };
}
