/**
 * The scale run: N documents (corpus copies, made unique by a trailing comment after %%EOF)
 * through the real pipeline: `docintel ingest --no-wait --no-local-worker` puts them on BullMQ,
 * two `docintel worker` processes (default concurrency) parse and store them into the bench
 * database. Pages per second over the first, middle and last third of the documents, and each
 * worker's RSS over time from /proc (threads included), to see it stay flat.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { rows, type Db } from '../src/db/client.ts';
import { log } from './env.ts';
import { markdownTable, type Figures } from './table.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../bin/docintel.js');
// @ts-expect-error: plain JS next to the CLI entry, no declarations
const { runsCompiled } = (await import('../bin/compiled-build.js')) as { runsCompiled: () => boolean };

type Sample = { s: number; done: number; pages: number; rss: number[] };

/** VmRSS / VmHWM of a process in MiB, null once it is gone. */
function procMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function benchScale(db: Db, dbUrl: string, redisUrl: string, files: string[], count: number, workers: number, figs: Figures): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docintel-scale-'));
  const prefix = `docintel-scale-${randomBytes(4).toString('hex')}`;
  const env = { ...process.env, DATABASE_URL: dbUrl, REDIS_URL: redisUrl, DOCINTEL_QUEUE_PREFIX: prefix, DOCINTEL_LOG_LEVEL: 'warn', DOCINTEL_LOG_FORMAT: 'json' as const };
  const procs: ChildProcess[] = [];
  try {
    const sources = await Promise.all(files.map((f) => readFile(f)));
    for (let i = 0; i < count; i++) {
      const k = i % files.length;
      await writeFile(path.join(dir, `${String(i).padStart(4, '0')}-${path.basename(files[k]!)}`), Buffer.concat([sources[k]!, Buffer.from(`\n% docintel bench copy ${i}\n`)]));
    }
    for (let w = 0; w < workers; w++) {
      const p = spawn(process.execPath, [cli, 'worker'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      p.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-2000)));
      p.on('exit', (code) => code && log(`  scale worker ${w} exited ${code}: ${err.slice(-500)}`));
      procs.push(p);
    }
    const t0 = performance.now();
    let ingestPeak = 0;
    await new Promise<void>((resolve, reject) => {
      const p = spawn(process.execPath, [cli, 'ingest', dir, '--no-wait', '--no-local-worker'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      // VmHWM only grows: its last reading before the exit is the ingest process's peak.
      const sampler = setInterval(() => (ingestPeak = Math.max(ingestPeak, procMiB(p.pid!, 'VmHWM') ?? 0)), 50);
      p.stderr!.on('data', (b: Buffer) => (err += b.toString()));
      p.on('exit', (code) => {
        clearInterval(sampler);
        if (code === 0) resolve();
        else reject(new Error(`ingest exited ${code}: ${err.slice(-500)}`));
      });
    });
    log(`  scale: ${count} documents enqueued in ${((performance.now() - t0) / 1000).toFixed(1)} s under ${prefix}`);
    const samples: Sample[] = [];
    const like = `${dir}/%`;
    for (;;) {
      const [r] = await rows<{ done: number; pages: number; failed: number }>(
        db,
        sql`select count(*) filter (where status in ('parsed', 'failed'))::int as done,
                   coalesce(sum(page_count) filter (where status = 'parsed'), 0)::int as pages,
                   count(*) filter (where status = 'failed')::int as failed
            from documents where path like ${like}`,
      );
      samples.push({ s: (performance.now() - t0) / 1000, done: r!.done, pages: r!.pages, rss: procs.map((p) => procMiB(p.pid!, 'VmRSS') ?? 0) });
      if (r!.done >= count) break;
      if (procs.every((p) => p.exitCode !== null)) throw new Error('every scale worker exited');
      if (samples.length % 15 === 0) log(`  scale: ${r!.done}/${count} documents, ${r!.pages} pages, ${samples.at(-1)!.s.toFixed(0)} s, RSS ${samples.at(-1)!.rss.map((x) => x.toFixed(0)).join(' / ')} MiB`);
      await new Promise((res) => setTimeout(res, 2000));
    }
    const peaks = procs.map((p) => procMiB(p.pid!, 'VmHWM') ?? 0);
    const [f] = await rows<{ failed: number }>(db, sql`select count(*)::int as failed from documents where path like ${like} and status = 'failed'`);
    const last = samples.at(-1)!;
    // Thirds by documents finished: when the count first reached a third, two thirds, all.
    const at = (frac: number) => samples.find((x) => x.done >= Math.ceil(count * frac)) ?? last;
    const marks = [samples[0]!, at(1 / 3), at(2 / 3), last];
    const names = ['first third', 'middle third', 'last third'];
    figs.add('scale run', `${count} documents`, '', `${last.pages.toLocaleString('en-US')} pages (${files.length} corpus files cycled, each copy unique), ${workers} \`docintel worker\` processes at the default concurrency, BullMQ on Redis; ${f!.failed} failed; ${last.s.toFixed(0)} s`);
    for (let i = 0; i < 3; i++) {
      const a = marks[i]!;
      const b = marks[i + 1]!;
      figs.add(`scale run: pages/s, ${names[i]}`, (b.pages - a.pages) / Math.max(0.001, b.s - a.s), 'pages/s', `documents ${a.done}→${b.done}, ${a.s.toFixed(0)}–${b.s.toFixed(0)} s, parse + persist, all workers together`);
    }
    const rssAt = (frac: number) => samples[Math.min(samples.length - 1, Math.floor(frac * (samples.length - 1)))]!.rss;
    for (const [name, frac] of [['start (10%)', 0.1], ['middle (50%)', 0.5], ['end (95%)', 0.95]] as const) {
      figs.add(`scale run: worker RSS at ${name}`, rssAt(frac).map((x) => x.toFixed(0)).join(' / '), 'MiB', 'VmRSS of each worker process, parser threads included');
    }
    const code = runsCompiled() ? 'compiled JS (dist/, fresh)' : 'TypeScript through tsx (no current dist/)';
    figs.add('scale run: peak RSS per worker process', Math.max(...peaks), 'MiB', `VmHWM: ${peaks.map((x) => x.toFixed(0)).join(' / ')} MiB; bin/docintel.js ran ${code}`, '<= 400');
    figs.add('scale run: peak RSS of the ingest process', ingestPeak, 'MiB', `VmHWM of \`docintel ingest --no-wait --no-local-worker\` (hashes, registers and enqueues the ${count} files), sampled every 50 ms; ${code}`, '<= 400');
    // The timeline for the report: about twelve evenly spaced samples.
    const step = Math.max(1, Math.floor(samples.length / 12));
    const picked = samples.filter((_, i) => i % step === 0 || i === samples.length - 1);
    return markdownTable(
      ['s', 'documents done', 'pages done', ...procs.map((_, i) => `worker ${i + 1} RSS MiB`)],
      picked.map((x) => [x.s.toFixed(0), String(x.done), String(x.pages), ...x.rss.map((r) => r.toFixed(0))]),
    );
  } finally {
    for (const p of procs) if (p.exitCode === null) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode !== null ? null : new Promise((r) => p.once('exit', r)))));
    await rm(dir, { recursive: true, force: true });
    const redis = new Redis(redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }
}
