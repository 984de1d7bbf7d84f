import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { DocintelError } from '../errors.ts';
import { safeErrorMessage } from '../sanitize.ts';
import { parsePdf, pdfjsFailure } from './pdf-parser.ts';

/** One document to parse. `jobId` is set when the thread serves a pool (many documents, one at a time). */
export type ThreadJob = { path: string; pageCap: number; documentId?: number; jobId?: number };
export type ThreadError = { code: string; message: string; bad: boolean; page?: number };
/** What the thread knows about its own memory after a document: its V8 heap and the process RSS. */
export type ThreadMemory = { heapUsedMiB: number; externalMiB: number; rssMiB: number };
export type ThreadReply = ({ ok: true; parsed: unknown; toc: unknown; structure: unknown } | { ok: false; error: ThreadError }) & {
  jobId?: number;
  memory?: ThreadMemory;
  /** The thread is ending after this reply: a pool must not give it another document. */
  retiring?: boolean;
};

let current: { job: ThreadJob; reported: boolean } | null = null;

/** Each document is answered exactly once: a late rejection after the result must not send a second message. */
function report(msg: ThreadReply) {
  if (!current || current.reported) return;
  current.reported = true;
  const m = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 2 ** 20);
  parentPort!.postMessage({ ...msg, jobId: current.job.jobId, memory: { heapUsedMiB: mib(m.heapUsed), externalMiB: mib(m.external), rssMiB: mib(m.rss) } });
}

// pdf.js sometimes rejects a promise nobody awaits (e.g. "XRefEntryException: Bad (uncompressed)
// XRef entry" from a prefetch while a damaged page is read). Only one document is parsed at a
// time in this thread, so such a rejection is that document's bytes failing: report it as bad
// input, not a thread crash (which the queue would retry as if it were transient).
const onStray = (e: unknown) => {
  const err = pdfjsFailure(e, 'pdf.js failed while reading the PDF', { documentId: current?.job.documentId });
  report({ ok: false, error: { code: err.code, message: err.message, bad: true }, retiring: true });
  // The pdf.js state of this thread is suspect after a stray failure: end it (a pool starts another).
  setImmediate(() => process.exit(0));
};
process.on('unhandledRejection', onStray);
process.on('uncaughtException', onStray);

async function handle(job: ThreadJob): Promise<void> {
  current = { job, reported: false };
  const { path, pageCap, documentId } = job;
  try {
    const bytes = new Uint8Array(await readFile(path));
    const parsed = await parsePdf(bytes, { pageCap, documentId });
    // TOC and structure building are CPU work over all lines, so they run here too, off the
    // worker's event loop (loaded only now: most damaged files fail before they are needed).
    const [{ buildToc }, { buildStructure }, { buildIndex }] = await Promise.all([
      import('../toc/index.ts'),
      import('../structure/build-structure.ts'),
      import('../toc/doc-index.ts'),
    ]);
    const index = buildIndex(parsed);
    const toc = buildToc(parsed, index);
    const t0 = performance.now();
    const structure = buildStructure(parsed, toc.entries, index);
    const structureMs = Math.round(performance.now() - t0);
    report({ ok: true, parsed, toc: { entries: toc.entries, tocSource: toc.tocSource, stats: toc.stats }, structure: { ...structure, ms: structureMs } });
  } catch (e) {
    const errno = (e as NodeJS.ErrnoException | null)?.code;
    const err: ThreadError =
      e instanceof DocintelError
        ? { code: e.code, message: e.message, bad: e.name === 'BadInputError', page: e.context.page }
        : {
            code: errno === 'ENOENT' || errno === 'EACCES' || errno === 'EISDIR' ? 'unreadable' : 'internal',
            message: safeErrorMessage(e),
            bad: ['ENOENT', 'EACCES', 'EISDIR'].includes(errno ?? ''),
          };
    report({ ok: false, error: err });
  }
}

const data = workerData as ThreadJob | { pool: true };
if ('pool' in data) {
  // Pool mode: the parent sends one job at a time and waits for its reply before the next.
  parentPort!.on('message', (job: ThreadJob) => void handle(job));
} else {
  await handle(data);
}
