import type { Db } from '../db/client.ts';
import { BadInputError, DocintelError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { parseInThread } from '../parse/parse-in-thread.ts';
import { deleteDocumentRows } from '../sql/delete-document-rows.ts';
import { insertLines } from '../sql/insert-lines.ts';
import { insertLists } from '../sql/insert-lists.ts';
import { insertIdentifiers } from '../sql/insert-identifiers.ts';
import { insertPages } from '../sql/insert-pages.ts';
import { insertTocEntries } from '../sql/insert-toc-entries.ts';
import { getDocument, lockDocument } from '../sql/lock-document.ts';
import { markDocumentFailed, markDocumentParsed, markDocumentParsing } from '../sql/mark-document.ts';
import { Tracer } from '../trace/tracer.ts';
import { buildCorpusEntry } from '../corpus/build-index.ts';
import { safeErrorMessage } from '../sanitize.ts';

export interface ParseDeps {
  db: Db;
  log: Logger;
  pageCap: number;
  parseTimeoutMs: number;
  /** Documents a parser thread takes before it is replaced (unset: never). */
  parseThreadDocs?: number;
  /** Heap limit of a parser thread, MiB (unset: V8's default). */
  parseThreadHeapMb?: number;
  /** Young-generation limit of a parser thread, MiB (unset: V8's default). */
  parseThreadYoungMb?: number;
  /** Parser threads of the process; more parses at once wait for one (unset: one per concurrent parse). */
  parseThreads?: number;
  runId: string;
}

export type ParseOutcome =
  | { status: 'parsed'; documentId: number; pages: number; lines: number; tocEntries: number; tocSource: string }
  | { status: 'skipped'; documentId: number; reason: string }
  | { status: 'failed'; documentId: number; code: string; reason: string };

/**
 * The parse job: read, parse (in a worker thread), build the TOC, then write every row of the
 * document in ONE transaction under a row lock, so a crash or a second worker never leaves half
 * a document or two copies. Bad input marks the document failed (and is not retried); anything
 * else is thrown for the queue to retry.
 */
export async function parseDocument(deps: ParseDeps, documentId: number, jobId?: string): Promise<ParseOutcome> {
  const { db, log } = deps;
  const doc = await getDocument(db, documentId);
  if (!doc) throw new DocintelError('not_found', `document ${documentId} does not exist`, { documentId, jobId });
  if (doc.status === 'parsed') return { status: 'skipped', documentId, reason: 'already parsed' };
  await markDocumentParsing(db, documentId);
  const t0 = performance.now();
  let output;
  try {
    output = await parseInThread(doc.path, { pageCap: deps.pageCap, timeoutMs: deps.parseTimeoutMs, documentId, threadDocs: deps.parseThreadDocs, threadHeapMb: deps.parseThreadHeapMb, threadYoungMb: deps.parseThreadYoungMb, threads: deps.parseThreads });
  } catch (e) {
    if (e instanceof BadInputError) {
      await failDocument(deps, documentId, e.code, e.message);
      log.warn({ documentId, jobId, page: e.context.page, code: e.code, reason: safeErrorMessage(e), path: doc.path }, 'document failed: bad input');
      return { status: 'failed', documentId, code: e.code, reason: safeErrorMessage(e) };
    }
    throw e;
  }
  // The parse itself, not the wait for a free parser thread.
  const parseMs = performance.now() - t0 - (output.waitMs ?? 0);
  const { parsed, toc, structure } = output;
  const written = await db.transaction(async (tx) => {
    const locked = await lockDocument(tx, documentId);
    // Another worker may have finished this document while we parsed (a stalled job re-run).
    if (!locked || locked.status === 'parsed') return false;
    await deleteDocumentRows(tx, documentId);
    await insertPages(tx, documentId, parsed.pages);
    await insertLines(tx, documentId, parsed.lines);
    await insertTocEntries(tx, documentId, toc.entries);
    await insertLists(tx, documentId, structure);
    await insertIdentifiers(tx, documentId, structure.identifiers);
    await markDocumentParsed(tx, documentId, {
      title: parsed.title,
      pageCount: parsed.pageCount,
      tocSource: toc.tocSource,
      parserVersion: parsed.parserVersion,
    });
    const c0 = performance.now();
    const corpus = await buildCorpusEntry(tx, documentId);
    const corpusMs = performance.now() - c0;
    const tracer = new Tracer(tx as unknown as Db, deps.runId, { documentId });
    await tracer.record({
      stage: 'parse',
      step: 'parsed',
      output: { pages: parsed.pageCount, lines: parsed.lines.length, twoColumnPages: parsed.pages.filter((p) => p.columns > 1).length },
      durationMs: parseMs,
      decision: 'stored',
    });
    await tracer.record({ stage: 'toc', step: 'built', output: { entries: toc.entries.length, stats: toc.stats }, decision: toc.tocSource });
    await tracer.record({ stage: 'structure', step: 'built', output: structure.stats, durationMs: structure.ms, decision: `${structure.stats.lists} lists, ${structure.stats.items} items, ${structure.stats.identifiers} identifiers` });
    await tracer.record({ stage: 'corpus', step: 'indexed', output: corpus && { title: corpus.title, summary: corpus.summary }, durationMs: corpusMs, decision: 'corpus_index row written' });
    return true;
  });
  if (!written) return { status: 'skipped', documentId, reason: 'parsed by another worker' };
  log.info({ documentId, jobId, pages: parsed.pageCount, lines: parsed.lines.length, ms: Math.round(performance.now() - t0) }, 'document parsed');
  return { status: 'parsed', documentId, pages: parsed.pageCount, lines: parsed.lines.length, tocEntries: toc.entries.length, tocSource: toc.tocSource };
}

/**
 * Marks a document failed and removes anything it had written, atomically. Should that write
 * itself fail, a second one stores the code with a fixed reason: a document whose failure could
 * not be recorded would otherwise stay in `parsing` and its batch would wait for it forever.
 */
export async function failDocument(deps: Pick<ParseDeps, 'db'>, documentId: number, code: string, reason: string): Promise<void> {
  const write = (why: string) =>
    deps.db.transaction(async (tx) => {
      // A stalled duplicate run must never wipe a document another worker finished.
      if ((await lockDocument(tx, documentId))?.status === 'parsed') return;
      await deleteDocumentRows(tx, documentId);
      await markDocumentFailed(tx, documentId, code, why);
    });
  try {
    await write(reason);
  } catch (e) {
    await write(`${code} (the original error could not be stored: ${safeErrorMessage(e, 200)})`);
  }
}
