import { Redis } from 'ioredis';

/** BullMQ workers block on Redis, so their connections must never give up on a request. */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}
