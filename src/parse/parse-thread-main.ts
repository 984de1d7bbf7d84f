import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { DocintelError } from '../errors.ts';
import { safeErrorMessage } from '../sanitize.ts';
import { parsePdf, pdfjsFailure } from './pdf-parser.ts';

const { path, pageCap, documentId } = workerData as { path: string; pageCap: number; documentId?: number };

export type ThreadError = { code: string; message: string; bad: boolean; page?: number };

let reported = false;
/** The thread answers exactly once: a late rejection after the result must not send a second message. */
function report(msg: { ok: true; parsed: unknown; toc: unknown; structure: unknown } | { ok: false; error: ThreadError }) {
  if (reported) return;
  reported = true;
  parentPort!.postMessage(msg);
}

// pdf.js sometimes rejects a promise nobody awaits (e.g. "XRefEntryException: Bad (uncompressed)
// XRef entry" from a prefetch while a damaged page is read). Nothing else runs in this thread, so
// such a rejection is this document's bytes failing: report it as bad input, not a thread crash
// (which the queue would retry as if it were transient).
const onStray = (e: unknown) => {
  const err = pdfjsFailure(e, 'pdf.js failed while reading the PDF', { documentId });
  report({ ok: false, error: { code: err.code, message: err.message, bad: true } });
  // Nothing left worth finishing once the document has failed.
  setImmediate(() => process.exit(0));
};
process.on('unhandledRejection', onStray);
process.on('uncaughtException', onStray);

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
