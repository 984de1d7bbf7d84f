import { Worker } from 'node:worker_threads';
import { BadInputError, TransientError, type BadInputCode } from '../errors.ts';
import type { TocRow, TocSource } from '../toc/types.ts';
import type { ParsedDocument } from './types.ts';
import type { StructureModel } from '../structure/build-structure.ts';

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
    worker.once('message', (msg: ({ ok: true } & ParseOutput) | { ok: false; error: { code: string; message: string; bad: boolean } }) => {
      finish(() => {
        if (msg.ok) resolve({ parsed: msg.parsed, toc: msg.toc, structure: msg.structure });
        else if (msg.error.bad) reject(new BadInputError(msg.error.code as BadInputCode, msg.error.message, ctx));
        else reject(new TransientError(msg.error.code, msg.error.message, ctx));
      });
    });
    worker.once('error', (e) => finish(() => reject(new TransientError('internal', `parser thread crashed: ${e.message}`, ctx, { cause: e }))));
    worker.once('exit', (code) => finish(() => reject(new TransientError('internal', `parser thread exited with code ${code}`, ctx))));
  });
}
