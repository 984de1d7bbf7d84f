/**
 * `npm run bench`: throughput and cost figures for the README. Prints, never asserts.
 * Uses a fresh database `docintel_bench_<random>` (dropped at the end, also on error or Ctrl-C)
 * and a unique BullMQ prefix on Redis (obliterated after). BENCH_QUICK=1 for a short run.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBenchDatabase, type BenchDatabase } from './bench-db.ts';
import { log, machineInfo, pdftotextVersion, peakRssMiB, QUICK, settings } from './env.ts';
import { benchBulkInsert, benchParse, benchParsePool, benchPdftotext, listCorpus, sum, type ParseResult } from './parse-bench.ts';
import { benchScale } from './scale-bench.ts';
import { loadConfig } from '../src/config.ts';
import { benchQueue, redisVersion } from './queue-bench.ts';
import { benchBacktracks, benchRouting, type RoutingCost } from './routing-bench.ts';
import { benchSweep } from './sweep-bench.ts';
import { benchCorpusRouting } from './corpus-bench.ts';
import { figuresTable, Figures, markdownTable } from './table.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const figs = new Figures();
const t0 = performance.now();

/** Runs one part; a failure becomes an 'error' row and the bench goes on. */
async function part<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  log(`\n== ${name}`);
  try {
    return await fn();
  } catch (e) {
    const msg = (e as Error).message ?? String(e);
    log(`  ${name} failed: ${(e as Error).stack ?? msg}`);
    figs.add(name, 'error', '', msg.slice(0, 200));
    return undefined;
  }
}

let bench: BenchDatabase | undefined;
let dropping: Promise<void> | undefined;
const dropOnce = () => (dropping ??= bench ? bench.drop().catch((e: unknown) => {
        log(`could not drop ${bench?.name}: ${(e as Error).message}`);
      }) : Promise.resolve());
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`\n${sig}: dropping ${bench?.name ?? 'nothing'} and exiting`);
    void dropOnce().finally(() => process.exit(130));
  });
}

const machine = machineInfo();
const poppler = pdftotextVersion();
const redis = await redisVersion(settings.redisUrl);
let parsed: ParseResult | undefined;
let routing: RoutingCost[] | undefined;
let postgres = 'unknown';
let scaleTimeline = '';

try {
  const files = await listCorpus(settings.corpusDir, QUICK ? settings.quickFiles : null);
  if (files.length === 0) throw new Error(`no PDFs in ${settings.corpusDir} (set DOCINTEL_CORPUS_DIR)`);
  log(`bench${QUICK ? ' (BENCH_QUICK)' : ''}: ${files.length} PDFs from ${settings.corpusDir}`);
  bench = await createBenchDatabase(settings.adminUrl);
  postgres = bench.serverVersion;
  log(`database ${bench.name} (Postgres ${postgres})`);
  const db = bench.database.db;

  parsed = await part('parse', () => benchParse(db, files, figs));
  if (parsed) {
    const p = parsed;
    const pages = sum(p.docs.map((d) => d.pages));
    p.pool = await part('parse pool', () => benchParsePool(files, pages, figs, loadConfig().DOCINTEL_PARSE_THREAD_HEAP_MB, loadConfig().DOCINTEL_PARSE_THREAD_YOUNG_MB));
    await part('pdftotext', () => benchPdftotext(p.docs, poppler, figs, p.pool));
    routing = await part('routing', () => benchRouting(db, p.docs, figs));
    await part('corpus routing', () => benchCorpusRouting(db, p.docs, settings.corpusDir, figs));
    await part('routing backtracks', () => benchBacktracks(db, p.docs, figs, process.env.DOCINTEL_GOLD ?? path.resolve(settings.corpusDir, '../eval/dev.json')));
    const url = bench.url;
    await part('bulk insert', () => benchBulkInsert(db, url, p, settings.bulkCopies, figs));
  }
  // Before the sweep part, which grows the lines table to a million rows and drops its FTS index.
  if (settings.scaleDocs > 0 && redis) {
    const url = bench.url;
    scaleTimeline = (await part('scale run', () => benchScale(db, url, settings.redisUrl, files, settings.scaleDocs, 2, figs))) ?? '';
  } else figs.add('scale run', 'not run', '', settings.scaleDocs > 0 ? `no Redis at ${settings.redisUrl}` : 'set BENCH_SCALE_DOCS (e.g. 300) for the BullMQ run with 2 worker processes');
  if (redis) await part('queue', () => benchQueue(settings.redisUrl, settings.queueJobs, settings.queueConcurrency, figs));
  else figs.add('queue: no-op jobs', 'not available', '', `no Redis at ${settings.redisUrl}`);
  if (parsed) {
    const p = parsed;
    const url = bench.url;
    await part('sweep', () => benchSweep(url, p.docs.map((d) => d.documentId), settings.sweepTargetRows, settings.sweepReps, figs));
  }
} catch (e) {
  figs.add('bench', 'error', '', ((e as Error).message ?? String(e)).slice(0, 200));
  log(`bench failed: ${(e as Error).stack ?? e}`);
  process.exitCode = 1;
} finally {
  await dropOnce();
}

figs.add('peak RSS, whole run', peakRssMiB(), 'MiB', 'process.resourceUsage().maxRSS');
figs.add('bench runtime', (performance.now() - t0) / 1000, 's', QUICK ? 'BENCH_QUICK=1' : 'full run');

const header = [
  `# docintel bench${QUICK ? ' (BENCH_QUICK=1)' : ''}`,
  '',
  `- date: ${machine.date}`,
  `- machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB memory, ${machine.platform}`,
  `- software: Node ${machine.node}, Postgres ${postgres}, Redis ${redis ?? 'not available'}, pdftotext ${poppler ?? 'not installed'}`,
  `- command: ${QUICK ? 'BENCH_QUICK=1 ' : ''}${settings.scaleDocs ? `BENCH_SCALE_DOCS=${settings.scaleDocs} ` : ''}npm run bench`,
].join('\n');

let details = '';
if (parsed) {
  const byDoc = new Map((routing ?? []).map((r) => [r.documentId, r]));
  details = markdownTable(
    ['document', 'pages', 'lines', 'parse s', 'pages/s', 'pdftotext s', 'TOC source', 'TOC entries', 'routing tokens, level by level', 'routing tokens, whole TOC'],
    parsed.docs.map((d) => {
      const r = byDoc.get(d.documentId);
      return [
        d.file,
        String(d.pages),
        String(d.lines),
        (d.parseMs / 1000).toFixed(2),
        (d.pages / (d.parseMs / 1000)).toFixed(1),
        d.pdftotextMs === null ? 'n/a' : (d.pdftotextMs / 1000).toFixed(2),
        d.tocSource,
        String(d.tocEntries),
        r && r.routable ? r.tokens.toFixed(0) : '-',
        r && r.routable ? String(r.wholeTokens) : '-',
      ];
    }),
  );
}

const report = [
  header,
  '',
  figuresTable(figs.rows),
  ...(scaleTimeline ? ['', `## Scale run over time (${settings.scaleDocs} documents)`, '', scaleTimeline] : []),
  ...(details ? ['', '## Per document', '', details] : []),
  '',
].join('\n');
process.stdout.write(`\n${report}`);
await writeFile(path.join(here, 'last-run.md'), report);
log(`\nwritten to bench/last-run.md`);
