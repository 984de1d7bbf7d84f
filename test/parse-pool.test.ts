import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultParseThreads, ParsePool } from '../src/parse/parse-in-thread.ts';

const samples = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../samples');
const files = ['fema-sfip-dwelling-form-f122-2021.pdf', 'nist-csf-2.0.pdf'].map((f) => path.join(samples, f));
const opts = { pageCap: 2000, timeoutMs: 120_000 };

describe('parser thread pool', () => {
  const pools: ParsePool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('runs no more parses at once than its thread limit, with the same results as a thread per parse', async () => {
    const one = new ParsePool(4, 160, 8, 1);
    const each = new ParsePool(4, 160, 8);
    pools.push(one, each);
    const limited = await Promise.all([...files, ...files].map((f) => one.run(f, opts)));
    const free = await Promise.all([...files, ...files].map((f) => each.run(f, opts)));
    expect(one.stats.threadsStarted).toBe(1);
    expect(each.stats.threadsStarted).toBe(4);
    const strip = (o: (typeof limited)[number]) => ({ parsed: o.parsed, toc: o.toc, structure: { ...o.structure, ms: 0 } });
    expect(limited.map(strip)).toEqual(free.map(strip));
  });

  it('hands a freed thread to the next waiting parse even when a parse fails', async () => {
    const pool = new ParsePool(4, 160, 8, 1);
    pools.push(pool);
    const results = await Promise.allSettled([pool.run(path.join(samples, 'missing.pdf'), opts), pool.run(files[1]!, opts)]);
    expect(results[0]!.status).toBe('rejected');
    expect(results[1]!.status).toBe('fulfilled');
  });

  it('starts one thread per concurrent job but leaves a core for the event loop and the database', () => {
    expect(defaultParseThreads(2, 2)).toBe(1);
    expect(defaultParseThreads(2, 1)).toBe(1);
    expect(defaultParseThreads(2, 8)).toBe(2);
    expect(defaultParseThreads(8, 4)).toBe(3);
    expect(defaultParseThreads(1, 16)).toBe(1);
  });
});
