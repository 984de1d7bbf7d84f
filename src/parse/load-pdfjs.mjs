/**
 * Loads pdf.js (the legacy build, the one meant for Node) once per thread, with its worker code
 * in the same thread, and undoes the core-js polyfills that replace working built-ins.
 *
 * Plain JavaScript, not TypeScript, so that a parser thread can load pdf.js BEFORE it registers
 * the TypeScript loader (see parse-thread.mjs): loaded through tsx, the two pdf.js bundles
 * (~6 MB of JS with ~8 MB of source maps) cost ~430 MiB of RSS per thread instead of ~95 MiB.
 * Later imports of pdf.js from .ts files get the same, already evaluated, module.
 *
 * Why the built-ins: the legacy build's core-js bundle *replaces* Array.prototype.push, JSON.parse
 * and JSON.stringify for the whole realm (Node 20's V8 differs from the spec in edge cases nobody
 * here relies on: push onto a frozen-length array, JSON.parse source text access, JSON.rawJSON).
 * The replacements are plain-JS loops: in a profile of getTextContent the polyfilled push alone was
 * ~10% of parse time, and every later push, JSON.parse and JSON.stringify of the thread (TOC and
 * structure building, pg rows, logs) paid for it too. pdf.js itself never calls the features the
 * replacements add, so the native functions are put back after both modules have been evaluated.
 * (Polyfills that only ADD missing methods, e.g. Promise.withResolvers, are kept: pdf.js needs them.)
 *
 * And one built-in is replaced: DecompressionStream for the "deflate" format, which pdf.js uses for
 * every FlateDecode content stream it reads (asyncGetBytesFromDecompressionStream: write the whole
 * compressed stream, close, collect the chunks). Node's web stream runs each 16 KiB of output through
 * a Node zlib stream, its web-stream adapter and a promise per chunk; in a profile of the corpus
 * parse that machinery cost more than the inflating. See inflateOnce below.
 */
import zlib from 'node:zlib';

/** @type {Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | null} */
let loading = null;

export function loadPdfJs() {
  loading ??= load();
  return loading;
}

async function load() {
  const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Loaded here rather than lazily by the fake worker on the first getDocument, so that its
  // polyfills have run before the built-ins are restored (pdf.js looks for globalThis.pdfjsWorker).
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  globalThis.pdfjsWorker = worker;
  restore(Array.prototype, 'push', natives.push);
  restore(JSON, 'parse', natives.parse);
  restore(JSON, 'stringify', natives.stringify);
  installOneShotInflate();
  return pdfjs;
}

/**
 * A DecompressionStream whose "deflate" format inflates the whole input in one zlib.inflateSync call
 * when the writer is closed; every other format ("gzip", "deflate-raw": pglite's, say) is Node's own.
 * It offers what pdf.js uses of a decompression stream (writable.getWriter() with ready, write and
 * close; readable as an async iterable, or getReader().read()), not pipeThrough/pipeTo: pdf.js's
 * FlateDecode is its one user here. Same bytes out, same failures: damaged or truncated data makes
 * inflateSync throw where Node's stream errors (pdf.js then falls back to its own lenient inflater).
 */
function installOneShotInflate() {
  const Native = globalThis.DecompressionStream;
  if (!Native || Native.oneShotInflate) return;
  class DecompressionStream {
    static oneShotInflate = true;
    /** @param {string} format */
    constructor(format) {
      if (format !== 'deflate') return new Native(format);
      /** @type {Uint8Array[]} */
      const chunks = [];
      /** @type {(v?: unknown) => void} */
      let closed = () => {};
      const whenClosed = new Promise((resolve) => (closed = resolve));
      const inflated = whenClosed.then(() => {
        const out = zlib.inflateSync(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        // A view, not a copy: pdf.js copies the chunks it reads into one array of its own anyway.
        return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
      });
      // A failure surfaces where the reader looks; unobserved it must not count as an unhandled rejection.
      inflated.catch(() => {});
      const writer = {
        ready: Promise.resolve(),
        closed: whenClosed,
        /** @param {ArrayBufferView} chunk */
        write: async (chunk) => void chunks.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
        close: async () => closed(),
      };
      let taken = false;
      const read = async () => {
        if (taken) return { done: true, value: undefined };
        taken = true;
        return { done: false, value: await inflated };
      };
      this.writable = { getWriter: () => writer };
      this.readable = {
        getReader: () => ({ read, releaseLock() {}, cancel: async () => {} }),
        async *[Symbol.asyncIterator]() {
          yield await inflated;
        },
      };
    }
  }
  globalThis.DecompressionStream = /** @type {typeof Native} */ (/** @type {unknown} */ (DecompressionStream));
}

/** @param {object} target @param {string} key @param {unknown} native */
function restore(target, key, native) {
  const d = Object.getOwnPropertyDescriptor(target, key);
  if (!d || d.value === native) return;
  Object.defineProperty(target, key, { ...d, value: native });
}
