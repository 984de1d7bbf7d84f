/**
 * Loads pdf.js (the legacy build, the one meant for Node) once per thread, with its worker code
 * in the same thread, and undoes the core-js polyfills that replace working built-ins.
 *
 * Why: the legacy build's core-js bundle *replaces* Array.prototype.push, JSON.parse and
 * JSON.stringify for the whole realm (Node 20's V8 differs from the spec in edge cases nobody
 * here relies on: push onto a frozen-length array, JSON.parse source text access, JSON.rawJSON).
 * The replacements are plain-JS loops: in a profile of getTextContent the polyfilled push alone was
 * ~10% of parse time, and every later push, JSON.parse and JSON.stringify of the process (pg rows,
 * logs, TOC and structure building) paid for it too. pdf.js itself never calls the features the
 * replacements add, so the native functions are put back after both modules have been evaluated.
 * (Polyfills that only ADD missing methods, e.g. Promise.withResolvers, are kept: pdf.js needs them.)
 */
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= load();
  return loading;
}

async function load(): Promise<PdfJs> {
  const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // Loaded here rather than lazily by the fake worker on the first getDocument, so that its
  // polyfills have run before the built-ins are restored (pdf.js looks for globalThis.pdfjsWorker).
  const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
  restore(Array.prototype, 'push', natives.push);
  restore(JSON, 'parse', natives.parse);
  restore(JSON, 'stringify', natives.stringify);
  return pdfjs;
}

function restore<T extends object>(target: T, key: keyof T & string, native: unknown): void {
  const d = Object.getOwnPropertyDescriptor(target, key);
  if (!d || d.value === native) return;
  Object.defineProperty(target, key, { ...d, value: native });
}
