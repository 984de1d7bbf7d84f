import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { BAD_INPUT_CODES, BadInputError, TransientError, type BadInputCode } from '../errors.ts';
import type { TocRow, TocSource } from '../toc/types.ts';
import { safeErrorMessage } from '../sanitize.ts';
import type { ThreadJob, ThreadMemory, ThreadReply } from './parse-thread-main.ts';
import type { ParsedDocument } from './types.ts';
import type { StructureModel } from '../structure/build-structure.ts';

/** Error names pdf.js uses for input it cannot read. */
const PDFJS_ERROR_NAMES = new Set(['FormatError', 'InvalidPDFException', 'XRefEntryException', 'XRefParseException', 'UnknownErrorException']);

function badCode(code: string): BadInputCode {
  return (BAD_INPUT_CODES as readonly string[]).includes(code) ? (code as BadInputCode) : 'corrupt';
}

export interface ParseOutput {
  parsed: ParsedDocument;
  toc: { entries: TocRow[]; tocSource: TocSource; stats: Record<string, number> };
  structure: StructureModel & { ms: number };
  /** The parser thread's memory right after this document (its own heap; RSS is the whole process's). */
  memory?: ThreadMemory;
  /** Milliseconds this parse waited for a free thread before it started. */
  waitMs?: number;
}

export interface ParseThreadOptions {
  pageCap: number;
  timeoutMs: number;
  documentId?: number;
  /** A thread parses at most this many documents, then is replaced (bounds whatever pdf.js keeps). */
  threadDocs?: number;
  /** V8 old-generation limit of a pooled thread, MiB (read when the process's pool is made). */
  threadHeapMb?: number;
  /** V8 young-generation limit of a pooled thread, MiB (read when the process's pool is made). */
  threadYoungMb?: number;
  /** Parser threads the process runs at once; more parses wait for one (read when the pool is made). */
  threads?: number;
}

type PoolThread = { worker: Worker; docs: number };

/**
 * Parser threads kept between documents. A new thread costs its start-up (the TypeScript loader,
 * pdf.js and its worker code, the TOC and structure modules), which was a large share of a small
 * document's parse; a kept thread pays it once. Threads are made on demand, so as many run at
 * once as parses are asked for at once (the queue worker's concurrency), up to `maxThreads`, beyond
 * which a parse waits for a thread to be free (see defaultParseThreads); an idle one is unref'd so
 * it never keeps the process alive, and one that has parsed `threadDocs` documents, timed out,
 * crashed or met a stray pdf.js failure is ended rather than reused.
 */
export class ParsePool {
  private readonly idle: PoolThread[] = [];
  private nextJobId = 1;
  /** Parses holding a thread slot now (at most `maxThreads`); `waiting` are the ones queued for a slot. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Threads started so far and the largest heap any of them reported, for the bench. */
  readonly stats = { threadsStarted: 0, peakThreadHeapMiB: 0, peakThreadExternalMiB: 0 };

  constructor(
    private readonly maxIdle = 4,
    /** V8 old-generation limit per thread (MiB); unset: V8's default (a share of the machine's memory). */
    private readonly heapLimitMb?: number,
    /** V8 young-generation limit per bounded thread (MiB); unset: V8's default. */
    private readonly youngLimitMb?: number,
    /** Parses that run at once, each in its own thread; the rest wait their turn (unset: no limit). */
    private readonly maxThreads = Infinity,
  ) {}

  async run(path: string, opts: ParseThreadOptions): Promise<ParseOutput> {
    const t0 = performance.now();
    if (this.running >= this.maxThreads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    const waitMs = performance.now() - t0;
    try {
      return { ...(await this.runOnce(path, opts, true)), waitMs };
    } catch (e) {
      if (!(e instanceof HeapLimitReached)) throw e;
      // A document too big for a bounded thread gets one thread of its own with V8's default
      // limit: the bound keeps the common case small, never makes a large document fail.
      return { ...(await this.runOnce(path, opts, false)), waitMs };
    } finally {
      // The slot passes straight to the next waiting parse, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private runOnce(path: string, opts: ParseThreadOptions, bounded: boolean): Promise<ParseOutput> {
    const thread = (bounded ? this.idle.pop() : undefined) ?? this.spawn(bounded);
    thread.worker.ref();
    const jobId = this.nextJobId++;
    const job: ThreadJob = { path, pageCap: opts.pageCap, documentId: opts.documentId, jobId };
    const ctx = { documentId: opts.documentId, path };
    const { worker } = thread;
    return new Promise<ParseOutput>((resolve, reject) => {
      let settled = false;
      const finish = (reuse: boolean, fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        fn();
        thread.docs++;
        if (reuse && bounded && thread.docs < (opts.threadDocs ?? Infinity) && this.idle.length < this.maxIdle) {
          worker.unref();
          this.idle.push(thread);
        } else void worker.terminate();
      };
      const timer = setTimeout(
        () => finish(false, () => reject(new BadInputError('corrupt', `parse did not finish within ${opts.timeoutMs} ms`, ctx))),
        opts.timeoutMs,
      );
      const onMessage = (msg: ThreadReply) => {
        if (msg.jobId !== jobId) return;
        if (msg.memory) {
          this.stats.peakThreadHeapMiB = Math.max(this.stats.peakThreadHeapMiB, msg.memory.heapUsedMiB);
          this.stats.peakThreadExternalMiB = Math.max(this.stats.peakThreadExternalMiB, msg.memory.externalMiB);
        }
        // A thread whose failure was not bad input (an internal error) is not trusted with another document.
        const reuse = !msg.retiring && (msg.ok || msg.error.bad);
        finish(reuse, () => {
          if (msg.ok) {
            const out = msg as unknown as ParseOutput;
            return resolve({ parsed: out.parsed, toc: out.toc, structure: out.structure, memory: msg.memory });
          }
          const errCtx = msg.error.page ? { ...ctx, page: msg.error.page } : ctx;
          if (msg.error.bad) reject(new BadInputError(badCode(msg.error.code), msg.error.message, errCtx));
          else reject(new TransientError(msg.error.code, msg.error.message, errCtx));
        });
      };
      const onError = (e: Error) =>
        finish(false, () => {
          if ((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' && bounded) return reject(new HeapLimitReached());
          // The thread reports pdf.js failures itself; one that still escapes is the document's bytes failing.
          if (e.name === 'PasswordException') reject(new BadInputError('encrypted', 'PDF is encrypted and needs a password', ctx));
          else if (PDFJS_ERROR_NAMES.has(e.name)) reject(new BadInputError('corrupt', `pdf.js failed while reading the PDF: ${safeErrorMessage(e, 300)}`, ctx));
          else reject(new TransientError('internal', `parser thread crashed: ${safeErrorMessage(e, 300)}`, ctx));
        });
      const onExit = (code: number) => finish(false, () => reject(new TransientError('internal', `parser thread exited with code ${code}`, ctx)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  }

  /** Ends the idle threads (busy ones end when their document is done). */
  async close(): Promise<void> {
    const threads = this.idle.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private spawn(bounded: boolean): PoolThread {
    const worker = new Worker(new URL('./parse-thread.mjs', import.meta.url), {
      workerData: { pool: true },
      // Without a limit V8 lets a thread's heap grow to a share of the machine's memory before it
      // collects in earnest: ~280 MiB RSS per thread on the corpus, although what a parse keeps
      // alive is far less (all 13 corpus documents parse within 96 MiB).
      // The young generation too: V8's default semi-spaces added ~30 MiB per thread (two threads:
      // 440 MiB peak RSS with the default, 379 MiB with 8 MiB, same corpus, same machine).
      ...(bounded && this.heapLimitMb
        ? { resourceLimits: { maxOldGenerationSizeMb: this.heapLimitMb, ...(this.youngLimitMb ? { maxYoungGenerationSizeMb: this.youngLimitMb } : {}) } }
        : {}),
    });
    const thread = { worker, docs: 0 };
    this.stats.threadsStarted++;
    // An idle thread that dies (out of memory, a late stray failure) must not be handed a document.
    worker.once('exit', () => {
      const i = this.idle.indexOf(thread);
      if (i >= 0) this.idle.splice(i, 1);
    });
    // Errors of a busy thread are the job's (see run); an idle one's only end it.
    worker.on('error', () => {});
    return thread;
  }
}

/**
 * Parser threads for a process running `concurrency` jobs at once: one per job, but never every
 * core. A job is a parse (CPU, in a thread) then a persist (the main thread and the database), so
 * a thread per job is not needed to keep the threads busy: at the default concurrency of 2, one
 * job persists while the other parses, and the one thread was busy 99-100% of a scale run. One
 * core stays for the event loop and the database; on 2 cores two `docintel worker` processes then
 * run 2 parser threads instead of 4, each with its own V8 heap and pdf.js (~100 MiB RSS apiece).
 */
export function defaultParseThreads(concurrency: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(concurrency, cores - 1));
}

/** A bounded thread ran out of heap: the document is retried in an unbounded one. */
class HeapLimitReached extends Error {}

/** The process's parser threads (one per concurrent parse, up to its limit), configured by the first parse. */
let parsePool: ParsePool | null = null;

export function defaultParsePool(heapLimitMb?: number, youngLimitMb?: number, threads?: number): ParsePool {
  parsePool ??= new ParsePool(4, heapLimitMb, youngLimitMb, threads);
  return parsePool;
}

/**
 * Parses a PDF file in a parser thread: pdfjs is CPU-bound and would otherwise stall the
 * queue worker's event loop (lock renewals, heartbeats). A parse that exceeds the timeout
 * is terminated and reported as bad input, since retrying the same bytes would hang again.
 */
export function parseInThread(path: string, opts: ParseThreadOptions): Promise<ParseOutput> {
  return defaultParsePool(opts.threadHeapMb, opts.threadYoungMb, opts.threads).run(path, opts);
}
