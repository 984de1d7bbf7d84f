import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../src/db/client.ts';
import os from 'node:os';
import pg from 'pg';
import { newParsePhases, parsePdf, type ParsePhases } from '../src/parse/pdf-parser.ts';
import { ParsePool } from '../src/parse/parse-in-thread.ts';
import { copyLines } from './copy-lines.ts';
import type { ParsedLine } from '../src/parse/types.ts';
import { INSERT_LINES_BATCH, insertLines } from '../src/sql/insert-lines.ts';
import { insertPages } from '../src/sql/insert-pages.ts';
import { insertTocEntries } from '../src/sql/insert-toc-entries.ts';
import { markDocumentParsed } from '../src/sql/mark-document.ts';
import { registerDocument } from '../src/sql/register-document.ts';
import { buildToc } from '../src/toc/index.ts';
import { buildIndex } from '../src/toc/doc-index.ts';
import { buildStructure } from '../src/structure/build-structure.ts';
import { log, peakRssMiB, settings } from './env.ts';
import type { Figures } from './table.ts';

export interface CorpusDoc {
  file: string;
  path: string;
  bytes: number;
  documentId: number;
  pages: number;
  lines: number;
  parseMs: number;
  persistMs: number;
  insertLinesMs: number;
  tocMs: number;
  structureMs: number;
  lists: number;
  identifiers: number;
  tocEntries: number;
  tocSource: string;
  pdftotextMs: number | null;
}

export interface ParseResult {
  docs: CorpusDoc[];
  /** Parsed lines per document id, reused by the bulk-insert figure. */
  lines: Map<number, ParsedLine[]>;
  /** Pages per second of the in-process parse and of the thread pool, for the pdftotext ratios. */
  inProcessPagesPerS: number;
  pool?: { threads: number; pagesPerS: number };
}

/** Issue 13's targets, printed next to their figures. */
export const TARGETS = {
  ratio: '>= 0.5',
  linesPerS: '>= 60,000',
  rssMiB: '<= 400',
};

/**
 * Parses every file in-process with parsePdf, then writes its pages and lines the way the parse job
 * does (one transaction, insertPages + insertLines), so parse and parse+persist come from the same
 * pass. TOC rows are built and stored afterwards, outside the persist timing, for the routing figures.
 */
export async function benchParse(db: Db, files: string[], figs: Figures): Promise<ParseResult> {
  // Warm-up: the first parse loads pdfjs and its font data; keep that out of the per-page rate.
  const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })));
  const smallest = sizes.sort((a, b) => a.size - b.size)[0]?.f;
  if (smallest) await parsePdf(new Uint8Array(await readFile(smallest)), { pageCap: settings.pageCap }).catch(() => null);

  const docs: CorpusDoc[] = [];
  const lines = new Map<number, ParsedLine[]>();
  const phases = newParsePhases();
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const reg = await registerDocument(db, { sha256, path: file, fileName: path.basename(file), byteSize: bytes.byteLength });

    const t0 = performance.now();
    const parsed = await parsePdf(bytes, { pageCap: settings.pageCap, documentId: reg.id, phases });
    const t1 = performance.now();
    let insertLinesMs = 0;
    await db.transaction(async (tx) => {
      await insertPages(tx, reg.id, parsed.pages);
      const l0 = performance.now();
      await insertLines(tx, reg.id, parsed.lines);
      insertLinesMs = performance.now() - l0;
    });
    const t2 = performance.now();

    // As in the parse thread: one index shared by the TOC and the structure model.
    const index = buildIndex(parsed);
    const toc = buildToc(parsed, index);
    const t3 = performance.now();
    const structure = buildStructure(parsed, toc.entries, index);
    const t4 = performance.now();
    await insertTocEntries(db, reg.id, toc.entries);
    await markDocumentParsed(db, reg.id, { title: parsed.title, pageCount: parsed.pageCount, tocSource: toc.tocSource, parserVersion: parsed.parserVersion });

    lines.set(reg.id, parsed.lines);
    const doc: CorpusDoc = {
      file: path.basename(file),
      path: file,
      bytes: bytes.byteLength,
      documentId: reg.id,
      pages: parsed.pageCount,
      lines: parsed.lines.length,
      parseMs: t1 - t0,
      persistMs: t2 - t1,
      insertLinesMs,
      tocMs: t3 - t2,
      structureMs: t4 - t3,
      lists: structure.stats.lists,
      identifiers: structure.stats.identifiers,
      tocEntries: toc.entries.length,
      tocSource: toc.tocSource,
      pdftotextMs: null,
    };
    docs.push(doc);
    log(`  parsed ${doc.file}: ${doc.pages} pages, ${doc.lines} lines, parse ${(doc.parseMs / 1000).toFixed(2)} s, persist ${(doc.persistMs / 1000).toFixed(2)} s`);
  }

  const pages = sum(docs.map((d) => d.pages));
  const nLines = sum(docs.map((d) => d.lines));
  const parseS = sum(docs.map((d) => d.parseMs)) / 1000;
  const persistS = sum(docs.map((d) => d.persistMs)) / 1000;
  const linesS = sum(docs.map((d) => d.insertLinesMs)) / 1000;
  figs.add('corpus', `${docs.length} PDFs`, '', `${pages} pages, ${nLines.toLocaleString('en-US')} lines`);
  figs.add('parse (parsePdf, in-process, 1 thread)', pages / parseS, 'pages/s', `${parseS.toFixed(1)} s for ${pages} pages, one file at a time, after a warm-up parse`);
  addPhases(figs, phases, parseS * 1000, pages);
  figs.add('parse + persist', pages / (parseS + persistS), 'pages/s', `parsePdf then insertPages + insertLines in one transaction; persist ${persistS.toFixed(1)} s`);
  figs.add('lines inserted (insertLines, corpus pass)', nLines / linesS, 'lines/s', `unnest, ${INSERT_LINES_BATCH} per statement, into a fresh table with its trigram + FTS GIN indexes`, TARGETS.linesPerS);
  figs.add('TOC build (buildToc)', sum(docs.map((d) => d.tocMs)), 'ms', `buildToc as exported by src/toc/index.ts (the parse job's), all ${docs.length} documents, not in the figures above`);
  const structureMs = sum(docs.map((d) => d.structureMs));
  figs.add('structure model (buildStructure)', structureMs, 'ms', `${sum(docs.map((d) => d.lists))} lists and ${sum(docs.map((d) => d.identifiers))} defined identifiers over all ${docs.length} documents: ${((100 * structureMs) / (parseS * 1000)).toFixed(1)}% of parse time (target < 25%)`);
  figs.add('peak RSS after in-process parse + persist', peakRssMiB(), 'MiB', 'process.resourceUsage().maxRSS of the bench process, which holds every document\'s lines for the later figures', TARGETS.rssMiB);
  return { docs, lines, inProcessPagesPerS: pages / parseS };
}

function addPhases(figs: Figures, p: ParsePhases, parseMs: number, pages: number): void {
  const row = (name: string, ms: number, what: string) =>
    figs.add(`parse phase: ${name}`, ms, 'ms', `${((100 * ms) / parseMs).toFixed(1)}% of in-process parse time; ${what}`);
  row('open (getDocument)', p.open, 'xref and catalogue');
  row('getPage', p.getPage, 'page dictionaries');
  row('getTextContent', p.textContent, 'the one full pass over each content stream: text runs, font loading');
  row('font names (operator lists)', p.fonts, `built for ${p.fontPages} of ${pages} pages: only where a font not seen earlier in the document appears`);
  row('line assembly', p.assemble, 'fragments to lines, columns');
  row('outline + metadata', p.outline, 'native outline, destinations, info dictionary');
}

/**
 * The parse job's path: every file through the pool of parser threads (TOC and structure built in
 * the thread too), as many at once as the machine has cores, one document per thread at a time.
 * Wall-clock pages per second; memory as the threads report it and as the process's RSS.
 */
export async function benchParsePool(files: string[], pages: number, figs: Figures, heapLimitMb: number, youngLimitMb: number): Promise<{ threads: number; pagesPerS: number }> {
  const threads = os.availableParallelism();
  const pool = new ParsePool(threads, heapLimitMb, youngLimitMb);
  const rss = () => process.memoryUsage().rss / 2 ** 20;
  const base = rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  try {
    // Warm-up: start the threads (loader, pdf.js) outside the timing, as a long-running worker has.
    const smallest = (await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })))).sort((a, b) => a.size - b.size)[0]!.f;
    await Promise.all(Array.from({ length: threads }, () => pool.run(smallest, { pageCap: settings.pageCap, timeoutMs: 300_000 })));
    const queue = [...files];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: threads }, async () => {
        for (let f = queue.shift(); f; f = queue.shift()) await pool.run(f, { pageCap: settings.pageCap, timeoutMs: 300_000 });
      }),
    );
    const s = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    // CPU over wall says whether the threads kept the cores busy: a pool slower than one in-process
    // thread with ~2 cores busy does more work per page (TOC, structure, its threads' bounded heaps'
    // extra GC), it is not waiting.
    figs.add(`parse (parser thread pool, ${threads} threads)`, pages / s, 'pages/s', `${s.toFixed(1)} s wall for ${pages} pages, one document per thread at a time, TOC + structure included (the parse job's path); process CPU ${cpuS.toFixed(1)} s: ${(cpuS / s).toFixed(2)} cores busy`);
    figs.add('parser thread heap, peak', pool.stats.peakThreadHeapMiB, 'MiB', `V8 heapUsed a thread reports after a document (old generation ${heapLimitMb} MiB, young ${youngLimitMb} MiB: DOCINTEL_PARSE_THREAD_HEAP_MB / _YOUNG_MB); ${pool.stats.threadsStarted} threads started`);
    figs.add('process RSS growth while the pool parses', peak - base, 'MiB', `sampled every 100 ms, ${threads} threads, over the bench process's ${base.toFixed(0)} MiB`);
    return { threads, pagesPerS: pages / s };
  } finally {
    clearInterval(sampler);
    await pool.close();
  }
}

/** `pdftotext -layout` on the same files, output discarded; 'not installed' when absent. */
export async function benchPdftotext(docs: CorpusDoc[], version: string | null, figs: Figures, pool?: { threads: number; pagesPerS: number }): Promise<void> {
  if (version === null) {
    figs.add('pdftotext -layout', 'not installed', '', 'install poppler-utils for the comparison');
    return;
  }
  for (const d of docs) {
    const t0 = performance.now();
    await run('pdftotext', ['-layout', d.path, '/dev/null']);
    d.pdftotextMs = performance.now() - t0;
  }
  const pages = sum(docs.map((d) => d.pages));
  const popplerS = sum(docs.map((d) => d.pdftotextMs ?? 0)) / 1000;
  const parseS = sum(docs.map((d) => d.parseMs)) / 1000;
  const persistS = sum(docs.map((d) => d.persistMs)) / 1000;
  figs.add(`pdftotext -layout (poppler ${version})`, pages / popplerS, 'pages/s', `${popplerS.toFixed(1)} s, one process per file, one at a time, same files, same run`);
  figs.add('parse speed vs pdftotext, 1 thread each', (pages / parseS) / (pages / popplerS), '×', `parsePdf in-process pages/s ÷ pdftotext pages/s (pdftotext is ${(parseS / popplerS).toFixed(1)}× faster)`, TARGETS.ratio);
  figs.add('parse + persist speed vs pdftotext', (pages / (parseS + persistS)) / (pages / popplerS), '×', 'in-process parse + persist pages/s ÷ pdftotext pages/s');
  if (pool) {
    figs.add(`parse speed vs pdftotext, pool of ${pool.threads} threads vs 1 pdftotext`, pool.pagesPerS / (pages / popplerS), '×', 'the default parse path (both cores) ÷ pdftotext one file at a time', TARGETS.ratio);
    // The fair other side: pdftotext given the same cores.
    const queue = docs.map((d) => d.path);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: pool.threads }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await run('pdftotext', ['-layout', f, '/dev/null']);
    }));
    const s = (performance.now() - t0) / 1000;
    figs.add(`pdftotext -layout, ${pool.threads} at a time`, pages / s, 'pages/s', `${s.toFixed(1)} s wall`);
    figs.add(`parse speed vs pdftotext, ${pool.threads} threads vs ${pool.threads} processes`, pool.pagesPerS / (pages / s), '×', 'same cores on both sides');
  }
}

/**
 * COPY versus unnest, honestly: more copies of the corpus lines, one transaction per document as
 * the parse job writes them, into the real lines table with its indexes, the three ways taking
 * turns (a different one first on each copy, so none always meets the smaller table). A fourth
 * figure, COPY into a copy of the table without the two GIN indexes, shows what those cost.
 */
export async function benchBulkInsert(db: Db, url: string, parsed: ParseResult, copies: number, figs: Figures): Promise<void> {
  if (copies <= 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    type Way = { name: string; note: string; write: (id: number, lines: ParsedLine[]) => Promise<unknown>; n: number; ms: number };
    const ways: Way[] = [
      { name: `unnest, ${INSERT_LINES_BATCH} rows per statement (insertLines)`, note: 'the parse job\'s path', write: (id, l) => db.transaction((tx) => insertLines(tx, id, l)), n: 0, ms: 0 },
      { name: 'unnest, one statement per document', note: 'insertLines with the batch as large as the document', write: (id, l) => db.transaction((tx) => insertLines(tx, id, l, Math.max(1, l.length))), n: 0, ms: 0 },
      {
        name: 'COPY FROM STDIN, one per document',
        note: 'text format over node-postgres (bench/copy-lines.ts; pg-copy-streams would be a new dependency)',
        write: async (id, l) => {
          await client.query('begin');
          await copyLines(client, id, l);
          await client.query('commit');
        },
        n: 0,
        ms: 0,
      },
    ];
    for (let c = 1; c <= copies; c++) {
      const order = ways.map((_, i) => ways[(i + c) % ways.length]!);
      for (const d of parsed.docs) {
        const src = parsed.lines.get(d.documentId) ?? [];
        for (const way of order) {
          const reg = await registerDocument(db, { sha256: `bulk-${c}-${d.documentId}-${ways.indexOf(way)}`, path: d.path, fileName: d.file, byteSize: d.bytes });
          const t0 = performance.now();
          await way.write(reg.id, src);
          way.ms += performance.now() - t0;
          way.n += src.length;
          // Left 'queued', a worker's start-up recovery would take these rows-only documents for
          // stranded ones and parse them again (it did, inside the first scale run's figures).
          await markDocumentParsed(db, reg.id, { title: null, pageCount: d.pages, tocSource: d.tocSource, parserVersion: 'bench-bulk-insert' });
        }
      }
    }
    for (const w of ways) {
      figs.add(`lines inserted, steady state: ${w.name}`, w.n / (w.ms / 1000), 'lines/s', `${w.n.toLocaleString('en-US')} rows in ${copies} cop${copies === 1 ? 'y' : 'ies'} of the corpus, indexes in place; ${w.note}`, TARGETS.linesPerS);
    }
    await client.query('create table lines_no_gin (like lines including defaults)');
    await client.query('create unique index on lines_no_gin (document_id, page_num, line_num)');
    let n = 0;
    const t0 = performance.now();
    for (const d of parsed.docs) {
      const src = parsed.lines.get(d.documentId) ?? [];
      await client.query('begin');
      n += await copyLines(client, d.documentId, src, 'lines_no_gin');
      await client.query('commit');
    }
    const ms = performance.now() - t0;
    figs.add('lines inserted: COPY without the two GIN indexes (reference)', n / (ms / 1000), 'lines/s', `${n.toLocaleString('en-US')} rows into a copy of the table with only its btree key: the trigram and FTS indexes are what the rates above pay for`);
    const b0 = performance.now();
    await client.query('create index on lines_no_gin using gin (text gin_trgm_ops)');
    await client.query("create index on lines_no_gin using gin (to_tsvector('english', text))");
    figs.add('GIN indexes built in bulk afterwards (reference)', performance.now() - b0, 'ms', `both GIN indexes over those ${n.toLocaleString('en-US')} rows: even built in one go they cost ${(((performance.now() - b0) / ms)).toFixed(1)}× the COPY itself`);
    await benchGinOptions(client, parsed, copies, n, ms, figs);
    await client.query('drop table lines_no_gin');
  } finally {
    await client.end();
  }
}

/**
 * What else could make the GIN indexes cheaper, each on a side table of its own (same columns and
 * indexes as lines, empty at the start, the three taking turns document by document so none meets a
 * bigger index or a quieter machine than the others):
 * - the default: fastupdate on, 4 MB pending list (what insertLines pays);
 * - a 64 MB pending list and 64 MB work_mem set per transaction (SET LOCAL): cheaper merges, paid
 *   for by every text query scanning the pending list until it is merged; the final merge is timed;
 * - one table per document, COPY first and its indexes built afterwards in bulk, attached to a
 *   LIST-partitioned parent (the per-document partition layout).
 * And the floor no layout can go under: computing the index keys (to_tsvector, the trigrams) alone.
 * Expects lines_no_gin to hold one copy of the corpus lines; `copyNoGin` rows took `copyNoGinMs`.
 */
async function benchGinOptions(client: pg.Client, parsed: ParseResult, copies: number, copyNoGin: number, copyNoGinMs: number, figs: Figures): Promise<void> {
  const timed = async (q: string) => {
    const t0 = performance.now();
    await client.query(q);
    return performance.now() - t0;
  };
  const tsvMs = await timed("select sum(length(to_tsvector('english', text))) from lines_no_gin");
  const trgmMs = await timed('select sum(array_length(show_trgm(text), 1)) from lines_no_gin');
  figs.add('GIN keys alone: to_tsvector + trigrams (reference)', copyNoGin / ((tsvMs + trgmMs) / 1000), 'lines/s', `computing the index keys of ${copyNoGin.toLocaleString('en-US')} lines and nothing else (tsvector ${tsvMs.toFixed(0)} ms, show_trgm ${trgmMs.toFixed(0)} ms); with the COPY without GIN that is a ceiling of ${Math.round(copyNoGin / ((tsvMs + trgmMs + copyNoGinMs) / 1000)).toLocaleString('en-US')} lines/s for one connection, whatever the index layout`);

  const tables = { dflt: 'lines_gin_default', pend: 'lines_gin_pending', part: 'lines_gin_parts' };
  for (const t of [tables.dflt, tables.pend]) await client.query(`create table ${t} (like lines including defaults including indexes)`);
  await client.query(`create table ${tables.part} (like lines including defaults) partition by list (document_id)`);
  await client.query(`create unique index on ${tables.part} (document_id, page_num, line_num)`);
  await client.query(`create index on ${tables.part} using gin (text gin_trgm_ops)`);
  await client.query(`create index on ${tables.part} using gin (to_tsvector('english', text))`);
  type Way = { key: keyof typeof tables; write: (id: number, l: ParsedLine[]) => Promise<unknown>; n: number; ms: number };
  const tx = async (pre: string[], body: () => Promise<unknown>) => {
    await client.query('begin');
    for (const s of pre) await client.query(s);
    await body();
    await client.query('commit');
  };
  const ways: Way[] = [
    { key: 'dflt', write: (id, l) => tx([], () => copyLines(client, id, l, tables.dflt)), n: 0, ms: 0 },
    { key: 'pend', write: (id, l) => tx(["set local gin_pending_list_limit = '64MB'", "set local work_mem = '64MB'"], () => copyLines(client, id, l, tables.pend)), n: 0, ms: 0 },
    {
      key: 'part',
      write: (id, l) =>
        tx([], async () => {
          const t = `${tables.part}_${id}`;
          await client.query(`create table ${t} (like lines including defaults)`);
          await copyLines(client, id, l, t);
          await client.query(`create unique index on ${t} (document_id, page_num, line_num)`);
          await client.query(`create index on ${t} using gin (text gin_trgm_ops)`);
          await client.query(`create index on ${t} using gin (to_tsvector('english', text))`);
          await client.query(`alter table ${t} add check (document_id = ${id})`);
          await client.query(`alter table ${tables.part} attach partition ${t} for values in (${id})`);
        }),
      n: 0,
      ms: 0,
    },
  ];
  let id = 1_000_000;
  for (let c = 1; c <= copies; c++) {
    for (const d of parsed.docs) {
      const src = parsed.lines.get(d.documentId) ?? [];
      for (const way of ways.map((_, i) => ways[(i + c + d.documentId) % ways.length]!)) {
        const t0 = performance.now();
        await way.write(++id, src);
        way.ms += performance.now() - t0;
        way.n += src.length;
      }
    }
  }
  const rate = (w: Way, extraMs = 0) => w.n / ((w.ms + extraMs) / 1000);
  const sweep = (t: string) => timed(`select count(*) from ${t} where text ~ 'AC-\\d+'`);
  const [dflt, pend, part] = ways as [Way, Way, Way];
  const rows = `${dflt.n.toLocaleString('en-US')} rows in ${copies} cop${copies === 1 ? 'y' : 'ies'} of the corpus, COPY per document into an empty side table`;
  figs.add('lines inserted, GIN defaults (fastupdate, 4 MB pending list)', rate(dflt), 'lines/s', `${rows}; the layout insertLines writes into`, TARGETS.linesPerS);
  const pendSweepMs = await sweep(tables.pend);
  const dfltSweepMs = await sweep(tables.dflt);
  const idx = (await client.query<{ i: string }>(`select indexrelid::regclass::text as i from pg_index join pg_class c on c.oid = indexrelid join pg_am a on a.oid = c.relam where indrelid = '${tables.pend}'::regclass and a.amname = 'gin'`)).rows.map((r) => r.i);
  await client.query("set work_mem = '64MB'");
  const mergeMs = await timed(`select ${idx.map((i) => `gin_clean_pending_list('${i}')`).join(', ')}`);
  await client.query('reset work_mem');
  figs.add('lines inserted, GIN 64 MB pending list + 64 MB work_mem per transaction', rate(pend, mergeMs), 'lines/s', `${rows}; ${Math.round(rate(pend)).toLocaleString('en-US')} lines/s before the last merge (${mergeMs.toFixed(0)} ms, counted); meanwhile a whole-table regex sweep takes ${pendSweepMs.toFixed(0)} ms against ${dfltSweepMs.toFixed(1)} ms: every text query reads the pending list`, TARGETS.linesPerS);
  const partSweepMs = await sweep(tables.part);
  figs.add('lines inserted, a partition per document, indexes built after COPY', rate(part), 'lines/s', `${rows}; create table, COPY, the three indexes in bulk, attach to a LIST-partitioned parent; whole-table regex sweep ${partSweepMs.toFixed(1)} ms over ${copies * parsed.docs.length} partitions (${dfltSweepMs.toFixed(1)} ms unpartitioned)`, TARGETS.linesPerS);
  for (const t of Object.values(tables)) await client.query(`drop table ${t} cascade`);
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (b: Buffer) => (err += b.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}: ${err.trim().slice(0, 200)}`))));
  });
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export async function listCorpus(dir: string, only: string[] | null): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.pdf')).sort();
  const picked = only ? names.filter((n) => only.includes(n)) : names;
  return picked.map((n) => path.join(dir, n));
}
