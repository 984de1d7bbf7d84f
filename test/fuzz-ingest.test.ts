import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { ingestCommand, type IngestSummary } from '../src/cli/commands/ingest.ts';
import { BAD_INPUT_CODES } from '../src/errors.ts';
import { fuzzDocRows, fuzzOutcomeCounts, fuzzViolations, writeFuzzFiles, type FuzzDocRow } from '../bench/fuzz/fuzz-batch.ts';
import { MUTATION_KINDS, mutatePdfs } from '../bench/fuzz/mutate-pdfs.ts';
import { realSeedPdf } from './helpers/corpus.ts';
import { freshDatabase } from './helpers/db.ts';
import { obliterateQueues, REDIS_URL, testApp, uniquePrefix } from './helpers/app.ts';
import { makePdf, makeRawPdf } from './helpers/make-pdf.ts';
import { cleanEnv, killAll, run, started, withTimeout, type Proc } from './helpers/procs.ts';

const SEED = 20251101;
const COUNT = 40;
// A 40-file batch takes 50-90 s on 2 idle cores; on a loaded machine (other test files, other
// work) it has taken over 120 s, the default hook timeout.
const BATCH_HOOK_MS = 360_000;

/**
 * Writes the fuzz batch into `dir`/batch and returns that folder. Small sources keep it fast: one
 * small corpus PDF, two uncompressed generated ones (damage lands in their text) and a
 * hand-written one whose strings already hold NULs.
 */
async function fuzzBatch(dir: string): Promise<string> {
  const srcDir = path.join(dir, 'sources');
  const outDir = path.join(dir, 'batch');
  mkdirSync(srcDir);
  mkdirSync(outDir);
  const lines = (n: number) => Array.from({ length: 6 }, (_, i) => ({ text: `Section ${n}.${i + 1} body text with some words`, size: i === 0 ? 16 : 11, bold: i === 0 }));
  writeFileSync(path.join(srcDir, 'gen-a.pdf'), await makePdf({ pages: [lines(1), lines(2), lines(3)], compress: false, title: 'Generated A' }));
  writeFileSync(path.join(srcDir, 'gen-b.pdf'), await makePdf({ pages: [lines(4), lines(5)], compress: false, title: 'Generated B' }));
  writeFileSync(
    path.join(srcDir, 'raw-nul.pdf'),
    makeRawPdf({ lines: ['(Heading\\000One)', '(plain line)', '(more \\000 text)'], outlineTitle: '(Out\\000line)', label: '(p\\000-)', title: '(T\\000itle)' }),
  );
  const sources = [realSeedPdf(), path.join(srcDir, 'gen-a.pdf'), path.join(srcDir, 'gen-b.pdf'), path.join(srcDir, 'raw-nul.pdf')];
  const files = writeFuzzFiles(outDir, sources, COUNT, SEED);
  expect(files).toHaveLength(COUNT);
  return outDir;
}

describe('mutatePdfs', () => {
  it('is deterministic for a seed and gives unique bytes of every kind', () => {
    const sources = [
      { name: 'a.pdf', bytes: makeRawPdf({ lines: ['(alpha)'] }) },
      { name: 'b.pdf', bytes: makeRawPdf({ lines: ['(beta)', '(gamma)'] }) },
    ];
    const one = mutatePdfs(sources, 30, 7);
    const two = mutatePdfs(sources, 30, 7);
    expect(one.map((f) => f.bytes.toString('hex'))).toEqual(two.map((f) => f.bytes.toString('hex')));
    expect(new Set(one.map((f) => f.bytes.toString('hex'))).size).toBe(30);
    expect(new Set(one.map((f) => f.kind))).toEqual(new Set(MUTATION_KINDS));
    const other = mutatePdfs(sources, 30, 8);
    expect(other.map((f) => f.bytes.toString('hex'))).not.toEqual(one.map((f) => f.bytes.toString('hex')));
  });
});

describe('a parser thread that sees a stray pdf.js rejection', () => {
  it('reports the document as corrupt input instead of crashing', async () => {
    const worker = new Worker(new URL('./helpers/stray-rejection-thread.mjs', import.meta.url), {
      workerData: { path: realSeedPdf(), pageCap: 100, documentId: 5 },
    });
    const events: string[] = [];
    const msg = await new Promise<{ ok: boolean; error?: { code: string; bad: boolean; message: string } }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', (e) => {
        events.push('error');
        reject(e);
      });
    });
    const code = await new Promise<number>((r) => worker.once('exit', r));
    expect(msg.ok).toBe(false);
    expect(msg.error).toMatchObject({ code: 'corrupt', bad: true });
    expect(msg.error!.message).toMatch(/XRefEntryException: Bad \(uncompressed\) XRef entry/);
    expect(events).toEqual([]);
    expect(code).toBe(0);
  });
});

describe(`${COUNT} fuzzed PDFs in one inline batch (in-process backend, real Postgres)`, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: App;
  let dir = '';
  let summary: IngestSummary;
  let docs: FuzzDocRow[] = [];
  let ms = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-fuzz-'));
    const outDir = await fuzzBatch(dir);
    fresh = await freshDatabase('fuzz');
    app = await testApp({ databaseUrl: fresh.url, redis: false, env: { DOCINTEL_CONCURRENCY: '2', DOCINTEL_PARSE_TIMEOUT_MS: '30000' } });
    const t0 = performance.now();
    // Must return normally: a crash of one document never ends the batch.
    summary = await ingestCommand(app, [outDir], { wait: true, localWorker: true, quiet: true });
    ms = performance.now() - t0;
    docs = await fuzzDocRows(app.db);
  }, BATCH_HOOK_MS);

  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ends every document parsed or failed with a code, failed ones with no rows', () => {
    expect(docs).toHaveLength(COUNT);
    expect(fuzzViolations(docs)).toEqual([]);
    expect(docs.filter((d) => d.status === 'parsing' || d.status === 'queued')).toEqual([]);
    const counts = fuzzOutcomeCounts(docs);
    // Both outcomes occur: mild damage still parses, structural damage fails.
    expect(counts.parsed ?? 0).toBeGreaterThan(0);
    expect(docs.filter((d) => d.status === 'failed').length).toBeGreaterThan(COUNT / 4);
    console.info(`fuzz batch of ${COUNT}: ${JSON.stringify(counts)} in ${(ms / 1000).toFixed(1)} s`);
  });

  it('classifies every failure as bad input on the first attempt (no crash retried as transient)', () => {
    for (const d of docs.filter((x) => x.status === 'failed')) {
      expect(BAD_INPUT_CODES as readonly string[], `${d.file_name}: ${d.error_code} ${d.error}`).toContain(d.error_code);
    }
    expect(docs.filter((d) => d.attempts !== 1).map((d) => `${d.file_name}: ${d.attempts} attempts`)).toEqual([]);
  });

  it('summarises the batch the way the CLI prints it', () => {
    expect(summary.parsed).toBe(docs.filter((d) => d.status === 'parsed').length);
    expect(summary.failed).toHaveLength(docs.filter((d) => d.status === 'failed').length);
    expect(summary.failed.every((f) => f.code && f.reason && !f.reason.includes('\u0000'))).toBe(true);
    expect(summary.pending).toBe(0);
  });
});

describe(`the same ${COUNT} fuzzed PDFs through BullMQ: \`docintel ingest\` waiting on a separate \`docintel worker\` process`, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const prefix = uniquePrefix('fuzz');
  const procs: Proc[] = [];
  let dir = '';
  let producer: Proc;
  let worker: Proc;
  let exit: { code: number | null; signal: NodeJS.Signals | null };
  let docs: FuzzDocRow[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docintel-fuzz-bull-'));
    const outDir = await fuzzBatch(dir);
    fresh = await freshDatabase('fuzz_bull');
    const env = cleanEnv({
      DATABASE_URL: fresh.url,
      REDIS_URL,
      DOCINTEL_QUEUE_PREFIX: prefix,
      DOCINTEL_LOG_LEVEL: 'warn',
      DOCINTEL_CONCURRENCY: '2',
      DOCINTEL_PARSE_TIMEOUT_MS: '30000',
    });
    worker = run(['worker'], { ...env, DOCINTEL_LOG_LEVEL: 'info' });
    procs.push(worker);
    await started(worker);
    const t0 = performance.now();
    producer = run(['ingest', '--no-local-worker', outDir], env);
    procs.push(producer);
    exit = await withTimeout(`the producer (stderr: ${producer.stderr().slice(-1500)})`, producer.exited, BATCH_HOOK_MS - 30_000);
    console.info(`fuzz batch of ${COUNT} through BullMQ in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    docs = await fuzzDocRows(fresh.database.db);
  }, BATCH_HOOK_MS);

  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    if (worker) await withTimeout('worker to stop', worker.exited, 30_000).catch(() => {});
    killAll(procs);
    await obliterateQueues(prefix);
    await fresh?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the producer exits 2 (some failed) with the summary the rows say, and the worker is still up', () => {
    expect(exit, producer.stderr().slice(-2000)).toEqual({ code: 2, signal: null });
    const parsed = docs.filter((d) => d.status === 'parsed').length;
    const failed = docs.filter((d) => d.status === 'failed').length;
    expect(producer.stdout()).toContain(`parsed: ${parsed}  failed: ${failed}  skipped as duplicates: 0`);
    expect(worker.child.exitCode).toBeNull();
  });

  it('ends every document parsed or failed with a code, failed ones with no rows, none left in parsing', () => {
    expect(docs).toHaveLength(COUNT);
    expect(fuzzViolations(docs)).toEqual([]);
    expect(docs.filter((d) => d.status === 'parsing' || d.status === 'queued')).toEqual([]);
    expect(docs.some((d) => d.status === 'parsed')).toBe(true);
    expect(docs.filter((d) => d.status === 'failed').length).toBeGreaterThan(COUNT / 4);
    console.info(`fuzz batch of ${COUNT} through BullMQ: ${JSON.stringify(fuzzOutcomeCounts(docs))}`);
  });

  it('fails bad input on the first attempt: no job retried as transient, none failed by the queue', () => {
    for (const d of docs.filter((x) => x.status === 'failed')) {
      expect(BAD_INPUT_CODES as readonly string[], `${d.file_name}: ${d.error_code} ${d.error}`).toContain(d.error_code);
    }
    expect(docs.filter((d) => d.attempts !== 1).map((d) => `${d.file_name}: ${d.attempts} attempts`)).toEqual([]);
    // Each document went through the worker exactly once.
    const handled = worker.logs.filter((l) => l.msg === 'document parsed' || l.msg === 'document failed: bad input').map((l) => l.documentId);
    expect(handled.sort()).toEqual(docs.map((d) => d.id).sort());
  });
});
