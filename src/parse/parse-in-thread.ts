import { Worker } from 'node:worker_threads';
import { BAD_INPUT_CODES, BadInputError, TransientError, type BadInputCode } from '../errors.ts';
import type { TocRow, TocSource } from '../toc/types.ts';
import { safeErrorMessage } from '../sanitize.ts';
import type { ThreadError } from './parse-thread-main.ts';
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
}

/**
 * Parses a PDF file in a worker thread: pdfjs is CPU-bound and would otherwise stall the
 * queue worker's event loop (lock renewals, heartbeats). A parse that exceeds the timeout
 * is terminated and reported as bad input, since retrying the same bytes would hang again.
 */
export function parseInThread(path: string, opts: { pageCap: number; timeoutMs: number; documentId?: number }): Promise<ParseOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-thread.mjs', import.meta.url), {
      workerData: { path, pageCap: opts.pageCap, documentId: opts.documentId },
    });
    const ctx = { documentId: opts.documentId, path };
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new BadInputError('corrupt', `parse did not finish within ${opts.timeoutMs} ms`, ctx))),
      opts.timeoutMs,
    );
    worker.once('message', (msg: ({ ok: true } & ParseOutput) | { ok: false; error: ThreadError }) => {
      finish(() => {
        if (msg.ok) return resolve({ parsed: msg.parsed, toc: msg.toc, structure: msg.structure });
        const errCtx = msg.error.page ? { ...ctx, page: msg.error.page } : ctx;
        if (msg.error.bad) reject(new BadInputError(badCode(msg.error.code), msg.error.message, errCtx));
        else reject(new TransientError(msg.error.code, msg.error.message, errCtx));
      });
    });
    worker.once('error', (e) =>
      finish(() => {
        // The thread reports pdf.js failures itself; one that still escapes is the document's bytes failing.
        if (e.name === 'PasswordException') reject(new BadInputError('encrypted', 'PDF is encrypted and needs a password', ctx));
        else if (PDFJS_ERROR_NAMES.has(e.name)) reject(new BadInputError('corrupt', `pdf.js failed while reading the PDF: ${safeErrorMessage(e, 300)}`, ctx));
        else reject(new TransientError('internal', `parser thread crashed: ${safeErrorMessage(e, 300)}`, ctx));
      }),
    );
    worker.once('exit', (code) => finish(() => reject(new TransientError('internal', `parser thread exited with code ${code}`, ctx))));
  });
}
