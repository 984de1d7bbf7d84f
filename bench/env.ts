import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `BENCH_QUICK=1`: three small files, a smaller lines table, fewer jobs and repetitions. */
export const QUICK = process.env.BENCH_QUICK === '1';

export const settings = {
  corpusDir: process.env.DOCINTEL_CORPUS_DIR ?? path.resolve(here, '../../shared/corpus'),
  /** Any database on the server: the bench creates (and drops) its own database next to it. */
  adminUrl: process.env.BENCH_ADMIN_DATABASE_URL ?? process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  quickFiles: ['fema-sfip-dwelling-form-f122-2021.pdf', 'owasp-secure-coding-practices-qrg-v2.1.pdf', 'attention-is-all-you-need-1706.03762v7.pdf'],
  /** Extra copies of the corpus lines written through insertLines for the steady-state insert figure. */
  bulkCopies: QUICK ? 1 : 3,
  /** Rows the sweep table is grown to with insert ... select. */
  sweepTargetRows: QUICK ? 200_000 : 1_000_000,
  sweepReps: QUICK ? 2 : 3,
  queueJobs: QUICK ? 1_000 : 5_000,
  queueConcurrency: QUICK ? [1] : [1, 2],
  pageCap: 2000,
  /** Documents in the BullMQ scale run (corpus copies); 0 skips it (it takes minutes). */
  scaleDocs: Number(process.env.BENCH_SCALE_DOCS ?? 0),
};

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
}

export function machineInfo(): MachineInfo {
  return {
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

/** `pdftotext -v` prints its version on stderr; null when the binary is not installed. */
export function pdftotextVersion(): string | null {
  const r = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  if (r.error) return null;
  const m = /pdftotext version (\S+)/.exec(`${r.stderr}${r.stdout}`);
  return m?.[1] ?? 'unknown version';
}

export const log = (msg: string) => process.stderr.write(`${msg}\n`);

export const seconds = (ms: number) => ms / 1000;
export const mb = (bytes: number) => bytes / 2 ** 20;

/** Peak resident set size of this process so far, in MiB (`maxRSS` is in KiB). */
export const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
