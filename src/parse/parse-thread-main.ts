import { parentPort, workerData } from 'node:worker_threads';
import { readFile } from 'node:fs/promises';
import { DocintelError } from '../errors.ts';
import { parsePdf } from './pdf-parser.ts';
import { buildToc } from '../toc/index.ts';
import { buildStructure } from '../structure/build-structure.ts';
import { buildIndex } from '../toc/doc-index.ts';

const { path, pageCap, documentId } = workerData as { path: string; pageCap: number; documentId?: number };

try {
  const bytes = new Uint8Array(await readFile(path));
  const parsed = await parsePdf(bytes, { pageCap, documentId });
  // TOC building is CPU work over all lines, so it runs here too, off the worker's event loop.
  const index = buildIndex(parsed);
  const toc = buildToc(parsed, index);
  const t0 = performance.now();
  const structure = buildStructure(parsed, toc.entries, index);
  const structureMs = Math.round(performance.now() - t0);
  parentPort!.postMessage({ ok: true, parsed, toc: { entries: toc.entries, tocSource: toc.tocSource, stats: toc.stats }, structure: { ...structure, ms: structureMs } });
} catch (e) {
  const err =
    e instanceof DocintelError
      ? { code: e.code, message: e.message, bad: e.name === 'BadInputError' }
      : { code: (e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EACCES' ? 'unreadable' : 'internal', message: (e as Error).message ?? String(e), bad: ['ENOENT', 'EACCES', 'EISDIR'].includes((e as NodeJS.ErrnoException).code ?? '') };
  parentPort!.postMessage({ ok: false, error: err });
}
