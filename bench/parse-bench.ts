import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../src/db/client.ts';
import { parsePdf } from '../src/parse/pdf-parser.ts';
import type { ParsedLine } from '../src/parse/types.ts';
import { insertLines } from '../src/sql/insert-lines.ts';
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
}

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
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const reg = await registerDocument(db, { sha256, path: file, fileName: path.basename(file), byteSize: bytes.byteLength });

    const t0 = performance.now();
    const parsed = await parsePdf(bytes, { pageCap: settings.pageCap, documentId: reg.id });
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
  figs.add('parse (parsePdf, in-process)', pages / parseS, 'pages/s', `${parseS.toFixed(1)} s for ${pages} pages, one file at a time, after a warm-up parse`);
  figs.add('parse + persist', pages / (parseS + persistS), 'pages/s', `parsePdf then insertPages + insertLines in one transaction; persist ${persistS.toFixed(1)} s`);
  figs.add('lines inserted (insertLines, corpus pass)', nLines / linesS, 'lines/s', `unnest, 5000 per statement, into a fresh table with its trigram + FTS GIN indexes`);
  figs.add('TOC build (buildToc)', sum(docs.map((d) => d.tocMs)), 'ms', `buildToc as exported by src/toc/index.ts (the parse job's), all ${docs.length} documents, not in the figures above`);
  const structureMs = sum(docs.map((d) => d.structureMs));
  figs.add('structure model (buildStructure)', structureMs, 'ms', `${sum(docs.map((d) => d.lists))} lists and ${sum(docs.map((d) => d.identifiers))} defined identifiers over all ${docs.length} documents: ${((100 * structureMs) / (parseS * 1000)).toFixed(1)}% of parse time (target < 25%)`);
  figs.add('peak RSS after parse + persist', peakRssMiB(), 'MiB', 'process.resourceUsage().maxRSS, bench process incl. pdfjs');
  return { docs, lines };
}

/** `pdftotext -layout` on the same files, output discarded; 'not installed' when absent. */
export async function benchPdftotext(docs: CorpusDoc[], version: string | null, figs: Figures): Promise<void> {
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
  figs.add(`pdftotext -layout (poppler ${version})`, pages / popplerS, 'pages/s', `${popplerS.toFixed(1)} s, one process per file, same files, same run`);
  figs.add('parse speed vs pdftotext', (pages / parseS) / (pages / popplerS), '×', `parsePdf pages/s ÷ pdftotext pages/s (pdftotext is ${(parseS / popplerS).toFixed(1)}× faster)`);
  figs.add('parse + persist speed vs pdftotext', (pages / (parseS + persistS)) / (pages / popplerS), '×', 'parse + persist pages/s ÷ pdftotext pages/s');
}

/** More copies of the corpus lines through insertLines, into a table that already holds rows. */
export async function benchBulkInsert(db: Db, parsed: ParseResult, copies: number, figs: Figures): Promise<void> {
  if (copies <= 0) return;
  let n = 0;
  let ms = 0;
  for (let c = 1; c <= copies; c++) {
    for (const d of parsed.docs) {
      const src = parsed.lines.get(d.documentId) ?? [];
      const reg = await registerDocument(db, { sha256: `bulk-${c}-${d.documentId}`, path: d.path, fileName: d.file, byteSize: d.bytes });
      const t0 = performance.now();
      n += await insertLines(db, reg.id, src);
      ms += performance.now() - t0;
    }
  }
  figs.add('lines inserted (insertLines, steady state)', n / (ms / 1000), 'lines/s', `${copies} more cop${copies === 1 ? 'y' : 'ies'} of the corpus lines (${n.toLocaleString('en-US')} rows) under synthetic document ids, indexes in place`);
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
